import { isPrerendered, step, yieldToMain } from './startup';

/**
 * Start-up of a prerendered page, in steps that are each a task of its own rather than one long task that
 * would hold up a visitor's first tap: React's code, Chakra's, building the design system, then the app
 * (the router, the route tree and the page, whose hydration React slices by itself). Each import() evaluates
 * only what earlier steps have not. Only our own modules or whole-module entries are imported here: a package's
 * namespace imported dynamically keeps every export in the bundle.
 */
async function startInSteps(): Promise<void> {
  await step('load react', () => import('react-dom/client'));
  await yieldToMain();
  const { getSystem } = await step('load chakra', () => import('./theme/system'));
  await yieldToMain();
  await step('create design system', getSystem);
  await yieldToMain();
  const { boot } = await step('load app', () => import('./boot'));
  await yieldToMain();
  await boot(true);
}

// A prerendered page (the public site, the sign-in forms) is already on screen: its images and first paint go first,
// and the application's code is fetched and run once the page has loaded. Every other page is an empty shell
// until that code runs: it fetches all of it at once (one import, its dependencies in parallel) and starts.
const root = document.getElementById('root');
if (root && isPrerendered(root)) {
  const start = () => void startInSteps();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
} else {
  void import('./boot').then(({ boot }) => boot(false));
}
