import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/** Nothing is passed down the route tree yet; data loading uses TanStack Query (lib/query-client.tsx). */
export type RouterContext = Record<string, never>;

/**
 * The browser's router, or with `prerenderPath` the build-time renderer's (entry-server.tsx): one URL in memory
 * and no scroll-restoration script, which the page's CSP would refuse and the client would not render.
 */
export function createAppRouter({ prerenderPath }: { prerenderPath?: string } = {}) {
  return createRouter({
    routeTree,
    ...(prerenderPath ? { history: createMemoryHistory({ initialEntries: [prerenderPath] }) } : {}),
    context: {},
    defaultPreload: 'intent',
    // Let TanStack Query decide freshness of preloaded data.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !prerenderPath,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
