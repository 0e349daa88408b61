import { createFileRoute } from '@tanstack/react-router';
import { MySessionsPage } from '../../../features/tutoring/pages/MySessionsPage';
import { studentSessionsQuery } from '../../../features/tutoring/queries';
import { getQueryClient } from '../../../lib/query-client';

// The lists have their own loading and error states (QueryState): the loader only starts them early.
export const Route = createFileRoute('/_student/student/interviews')({
  loader: () => {
    void getQueryClient().prefetchQuery(studentSessionsQuery('upcoming'));
    void getQueryClient().prefetchQuery(studentSessionsQuery('all'));
  },
  component: MySessionsPage,
});
