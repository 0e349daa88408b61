import { createFileRoute } from '@tanstack/react-router';
import { StudentProfilePage } from '../../../features/profile/StudentProfilePage';
import { studentProfileQuery } from '../../../features/profile/queries';

export const Route = createFileRoute('/_student/student/profile')({
  loader: ({ context }) => {
    // Start the request early; the page shows a skeleton and the load-failure line itself.
    void context.queryClient.prefetchQuery(studentProfileQuery());
  },
  component: StudentProfilePage,
});
