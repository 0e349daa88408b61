import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { StudentProfilePage } from '../../../features/profile/pages/StudentProfilePage';
import { studentProfileQuery } from '../../../features/profile/queries';

export const Route = createFileRoute('/_student/student/profile')({
  loader: () => {
    // Start the request early; the page shows a skeleton and the load-failure line itself.
    void getQueryClient().prefetchQuery(studentProfileQuery());
  },
  component: StudentProfilePage,
});
