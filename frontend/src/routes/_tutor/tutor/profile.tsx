import { createFileRoute } from '@tanstack/react-router';
import { TutorProfilePage } from '../../../features/profile/TutorProfilePage';
import { tutorProfileQuery } from '../../../features/profile/queries';

export const Route = createFileRoute('/_tutor/tutor/profile')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(tutorProfileQuery());
  },
  component: TutorProfilePage,
});
