import { createFileRoute } from '@tanstack/react-router';
import { RoutePending, pageRouteError } from '../../../components/ui/RouteStates';
import { ApproveTutorsPage } from '../../../features/admin/pages/ApproveTutorsPage';
import { unapprovedTutorsQuery } from '../../../features/admin/queries';
import { getQueryClient } from '../../../lib/query-client';

// The queue is the page: the loader waits for it, and a failure is the spec's "Error fetching unapproved tutors".
export const Route = createFileRoute('/_admin/admin/tutors')({
  loader: () => getQueryClient().ensureQueryData(unapprovedTutorsQuery()),
  pendingComponent: () => <RoutePending label="Loading tutors" />,
  errorComponent: pageRouteError('Approve Tutors', 'Error fetching unapproved tutors'),
  component: ApproveTutorsPage,
});
