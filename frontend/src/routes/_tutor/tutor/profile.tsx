import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { TutorProfilePage } from '../../../features/profile/pages/TutorProfilePage';
import { tutorProfileQuery } from '../../../features/profile/queries';

export const Route = createFileRoute('/_tutor/tutor/profile')({
  loader: () => {
    void getQueryClient().prefetchQuery(tutorProfileQuery());
  },
  component: TutorProfilePage,
});
