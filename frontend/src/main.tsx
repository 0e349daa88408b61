// The application's pages are an empty shell until this runs: it fetches the app's code at once (one import, its
// dependencies in parallel) and starts. The prerendered pages (the public site, the sign-in forms) never load it:
// they are static HTML with islands (scripts/prerender.mjs).
void import('./boot').then(({ boot }) => boot());
