import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TutorDashboardPage } from '../../../features/essay-reviews/pages/TutorDashboardPage';
import { tutorDashboardQuery } from '../../../features/essay-reviews/queries';
import { tutorProfileQuery } from '../../../features/profile/queries';
import { getQueryClient } from '../../../lib/query-client';

export const Route = createFileRoute('/_tutor/tutor/dashboard')({
  // The loader in the component's chunk: the sign-in form fetches that chunk while the visitor types
  // (usePrefetchRoutes), so the dashboard opens without fetching any code after the sign-in.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loader: () => void getQueryClient().prefetchQuery(tutorDashboardQuery()),
  component: function TutorDashboardRoute() {
    // Whether an admin has approved the tutor yet (the profile feature owns the profile).
    const profile = useQuery(tutorProfileQuery());
    return <TutorDashboardPage approved={profile.data?.approved} />;
  },
});
