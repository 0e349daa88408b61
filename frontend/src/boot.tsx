/** The client's start-up, loaded by main.tsx. */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { readSession } from './lib/session';
import { createAppRouter } from './router';

// As startup.ts's yieldToMain, which this module may not import (see boot's comment).
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Creates the router and renders the app into #root, hydrating it when `prerendered` (main.tsx decides, and
 * on those pages has loaded the code and built the design system first). Nothing here may import main.tsx's
 * modules: a route chunk depending on the entry chunk would make the browser fetch the entry's stylesheet
 * again, which the prerendered page already has inline.
 */
export async function boot(prerendered: boolean): Promise<void> {
  // User Timing measures (as main.tsx's steps), written here without importing main.tsx's modules.
  let start = performance.now();
  const router = createAppRouter();
  performance.measure('redpen:create router', { start });

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('#root is missing from index.html');

  const signedIn = readSession() !== null;
  // A stored token and user trigger a profile check at start-up; failure clears the session (part 1 §4).
  // Loaded only then, so a signed-out visitor's first page does not carry the auth API client.
  if (signedIn) void import('./features/auth/startup').then(({ checkStoredSessionProfiles }) => checkStoredSessionProfiles());

  // The public pages and the sign-in forms arrive prerendered (scripts/prerender.mjs): their HTML already shows the page,
  // rendered for its bare path as a signed-out visitor sees it. Hydrate it once the route's code has loaded, so
  // the first client render matches that HTML. A signed-in visitor may see something else there (a redirect,
  // other menus), and a query string may change the first render (a direct sign-in link), so those visits
  // render afresh, as does every page that is not prerendered.
  if (prerendered && !signedIn && !window.location.search) {
    // The matched routes' code (the layout's, then the page's), each evaluated in a task of its own: together
    // they made one of the longest start-up tasks. router.load() then finds them loaded.
    try {
      for (const match of router.matchRoutes(router.state.location)) {
        await nextTask();
        start = performance.now();
        await router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById]);
        performance.measure(`redpen:load route ${match.routeId}`, { start });
      }
    } catch {
      // A chunk that failed to load (a flaky network, a deploy): router.load() below tries again and, failing,
      // renders the route's error view, rather than leaving the page un-hydrated with its buttons disabled.
    }
    await nextTask();
    start = performance.now();
    await router.load();
    performance.measure('redpen:load route', { start });
    await nextTask(); // a task of its own for the hydration
    // Tell the router its first render hydrates server HTML, so it renders the matched routes as the server
    // did (without the client-only Suspense wrapper) instead of a tree the HTML cannot match.
    router.ssr = { manifest: undefined };
    // As a transition, so React hydrates in short slices that leave room for input, rather than in one
    // blocking pass (what Next.js does too); the page is already on screen meanwhile.
    performance.mark('redpen:render start');
    startTransition(() => {
      hydrateRoot(rootElement, <App router={router} />);
    });
  } else {
    performance.mark('redpen:render start');
    createRoot(rootElement).render(<App router={router} />);
  }
}
