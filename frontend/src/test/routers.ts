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
// The real clock, kept at load: a test may leave fake timers on, which would stall the polling below.
const setRealTimeout = globalThis.setTimeout.bind(globalThis);
const realNow = Date.now.bind(Date);

/** Waits until every tracked router has finished loading (warning after 5 s), then forgets them. */
export async function settleRouters(): Promise<void> {
  const deadline = realNow() + SETTLE_LIMIT_MS;
  for (const router of live) {
    while (router.state.isLoading || router.state.status === 'pending') {
      if (realNow() > deadline) {
        console.warn(`a router was still loading ${router.state.location.pathname} 5 s after its test: unmounting it anyway`);
        break;
      }
      await new Promise((resolve) => setRealTimeout(resolve, 10));
    }
  }
  live.clear();
}
