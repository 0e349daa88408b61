import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Any unknown path goes to / replacing the history entry.
  notFoundComponent: () => <Navigate to="/" replace />,
});
