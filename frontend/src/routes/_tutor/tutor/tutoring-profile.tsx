import { createFileRoute } from '@tanstack/react-router';
import { RoutePending, pageRouteError } from '../../../components/ui/RouteStates';
import { TutoringProfilePage } from '../../../features/tutoring/pages/TutoringProfilePage';
import { tutoringProfileQuery } from '../../../features/tutoring/queries';
import { getQueryClient } from '../../../lib/query-client';

// The page decides nothing without the server's state (apply / pending / editable): the loader waits for it.
export const Route = createFileRoute('/_tutor/tutor/tutoring-profile')({
  loader: () => getQueryClient().ensureQueryData(tutoringProfileQuery()),
  pendingComponent: () => <RoutePending label="Loading your tutoring profile" />,
  errorComponent: pageRouteError('Tutoring Profile', 'Failed to fetch tutoring profile'),
  component: TutoringProfilePage,
});
