import type { AnyRouter } from '@tanstack/react-router';

// Routers rendered by the current test. A test may pass (its URL assertion met) while the router is still
// loading the route's lazy chunk; if that load finishes after the file's jsdom is torn down, React reports
// "window is not defined" as an unhandled rejection. So each test's routers settle before cleanup.
const live = new Set<AnyRouter>();

export function trackRouter<T extends AnyRouter>(router: T): T {
  live.add(router);
  return router;
}

const SETTLE_LIMIT_MS = 5000;

/** Waits until every tracked router has finished loading (or gives up after 5 s), then forgets them. */
export async function settleRouters(): Promise<void> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  for (const router of live) {
    while ((router.state.isLoading || router.state.status === 'pending') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  live.clear();
}
