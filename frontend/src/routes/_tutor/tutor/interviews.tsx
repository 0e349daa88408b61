import { createFileRoute } from '@tanstack/react-router';
import { TutorSessionsPage } from '../../../features/tutoring/pages/TutorSessionsPage';
import { tutorSessionsQuery } from '../../../features/tutoring/queries';
import { getQueryClient } from '../../../lib/query-client';

// The page shows "Loading your sessions..." and its own error line: the loader only starts the three lists early.
export const Route = createFileRoute('/_tutor/tutor/interviews')({
  loader: () => {
    for (const list of ['pending', 'inProgress', 'completed'] as const) void getQueryClient().prefetchQuery(tutorSessionsQuery(list));
  },
  component: TutorSessionsPage,
});
