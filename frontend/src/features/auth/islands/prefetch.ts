/**
 * What the page after a sign-in needs, fetched while the visitor types (the dashboard opens in the one
 * navigation that follows). scripts/prerender.mjs names the files in `<meta name="redpen:prefetch">` (the app's
 * start-up, the signed-in layouts and their dashboards, from the build manifest); each becomes a low-priority
 * `<link rel="prefetch">`, kept in the HTTP cache for the next page (the assets are immutable). Inside the app the
 * sign-in pages prefetch through the router instead (hooks/usePrefetchRoutes).
 */
export const PREFETCH_META = 'redpen:prefetch';

export function prefetchFromPage(doc: Document = document): void {
  const files = doc.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content.split(/\s+/).filter(Boolean) ?? [];
  const present = new Set([...doc.head.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute('href')));
  for (const href of files) {
    if (present.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // Module scripts are fetched in CORS mode; a prefetch in the same mode is the one the next page can reuse.
    if (href.endsWith('.js')) link.crossOrigin = 'anonymous';
    doc.head.append(link);
  }
}
