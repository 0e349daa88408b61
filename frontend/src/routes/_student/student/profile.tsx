import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { ProfilePending, profileRouteError } from '../../../features/profile/components/ProfileFrame';
import { StudentProfilePage } from '../../../features/profile/pages/StudentProfilePage';
import { studentProfileQuery } from '../../../features/profile/queries';

// The page has nothing to show without the profile: the loader waits for it (from the cache when fresh), the
// route shows the placeholder meanwhile and, if it fails, the page's failure text (a refusal's reason under it);
// the page reads it with useSuspenseQuery.
export const Route = createFileRoute('/_student/student/profile')({
  loader: () => getQueryClient().ensureQueryData(studentProfileQuery()),
  pendingComponent: ProfilePending,
  errorComponent: profileRouteError('Could not load user profile.', { headline: true }),
  component: StudentProfilePage,
});
