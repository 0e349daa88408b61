import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { StudentDashboardPage } from '../../../features/essays/pages/StudentDashboardPage';
import { pendingRatingsQuery, studentDashboardQuery } from '../../../features/essays/queries';

export const Route = createFileRoute('/_student/student/dashboard')({
  // The loader in the component's chunk: the sign-in form fetches that chunk while the visitor types
  // (usePrefetchRoutes), so the dashboard opens without fetching any code after the sign-in.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => {
    // Start both requests early; the page shows its skeleton and error line itself.
    void getQueryClient().prefetchQuery(studentDashboardQuery());
    void getQueryClient().prefetchQuery(pendingRatingsQuery());
  },
  component: StudentDashboardPage,
});
