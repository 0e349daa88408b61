import { useRouter } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';

/** Where a sign-in leads (lib/session's postLoginPath): the signed-in layouts and their dashboards. */
const DASHBOARD_ROUTES = ['/_student', '/_student/student/dashboard', '/_tutor', '/_tutor/tutor/dashboard', '/_admin', '/_admin/admin/dashboard'] as const;

/**
 * Fetches the dashboards' code once, the first time it is called (the sign-in form calls it as the visitor types),
 * so the dashboard opens right after the sign-in, without waiting for its code (issue 28). Only code: the data
 * needs the session, which does not exist yet. A failed fetch is left to the navigation to try again.
 */
export function usePrefetchDashboards(): () => void {
  const router = useRouter();
  const started = useRef(false);
  return useCallback(() => {
    if (started.current) return;
    started.current = true;
    for (const id of DASHBOARD_ROUTES) {
      const route = router.routesById[id];
      if (route) void Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
    }
  }, [router]);
}
