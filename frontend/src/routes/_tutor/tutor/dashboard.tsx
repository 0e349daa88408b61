import { createFileRoute } from '@tanstack/react-router';
import { TutorDashboardPage } from '../../../features/essay-reviews/pages/TutorDashboardPage';
import { tutorDashboardQuery } from '../../../features/essay-reviews/queries';
import { getQueryClient } from '../../../lib/query-client';

export const Route = createFileRoute('/_tutor/tutor/dashboard')({
  loader: () => void getQueryClient().prefetchQuery(tutorDashboardQuery()),
  component: TutorDashboardPage,
});
