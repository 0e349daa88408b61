import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../../features/admin/pages/AdminDashboardPage';
import { dashboardQuery } from '../../../features/admin/queries';
import { getQueryClient } from '../../../lib/query-client';

// The page keeps its own states (the spec's "Failed to load dashboard data" with Try again): the loader only
// starts the request so the figures are on their way while the route's code arrives.
export const Route = createFileRoute('/_admin/admin/dashboard')({
  // The loader in the component's chunk: the sign-in form fetches that chunk while the visitor types
  // (usePrefetchRoutes), so the dashboard opens without fetching any code after the sign-in.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => void getQueryClient().prefetchQuery(dashboardQuery()),
  component: AdminDashboardPage,
});
