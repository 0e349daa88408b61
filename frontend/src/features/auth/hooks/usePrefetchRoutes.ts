import { useRouter } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import type { FileRouteTypes } from '../../../routeTree.gen';

type RouteId = FileRouteTypes['id'];

/** Where a sign-in leads (lib/session's postLoginPath): the signed-in layouts and their dashboards. */
export const DASHBOARD_ROUTES: readonly RouteId[] = ['/_student', '/_student/student/dashboard', '/_tutor', '/_tutor/tutor/dashboard', '/_admin', '/_admin/admin/dashboard'];
/** Where a registration leads. */
export const VERIFY_EMAIL_ROUTES: readonly RouteId[] = ['/_auth/verify-email'];

/**
 * Fetches the code of the routes a form leads to, once, the first time it is called (a sign-in island calls it at
 * the first key typed), so the next page opens right after the form is sent, without waiting for its code.
 * Only code: the data needs the session, which does not exist yet. A failed fetch is left to the navigation to try
 * again. Inside the app; the static pages name the files for the island instead (islands/prefetch.ts).
 */
export function usePrefetchRoutes(ids: readonly RouteId[]): () => void {
  const router = useRouter();
  const started = useRef(false);
  return useCallback(() => {
    if (started.current) return;
    started.current = true;
    for (const id of ids) {
      const route = router.routesById[id];
      if (route) void Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined);
    }
  }, [router, ids]);
}
