import { Stack } from '@chakra-ui/react/stack';
import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { PayoutAccountCard } from '../../../features/payments/components/PayoutAccountCard';
import { payoutAccountQuery } from '../../../features/payments/queries';
import { ProfilePending, profileRouteError } from '../../../features/profile/components/ProfileFrame';
import { TutorProfilePage } from '../../../features/profile/pages/TutorProfilePage';
import { tutorProfileQuery } from '../../../features/profile/queries';

export const Route = createFileRoute('/_tutor/tutor/profile')({
  loader: async () => {
    // The payout card loads on its own (it has its own states); the page needs the profile.
    void getQueryClient().prefetchQuery(payoutAccountQuery());
    await getQueryClient().ensureQueryData(tutorProfileQuery());
  },
  pendingComponent: ProfilePending,
  errorComponent: profileRouteError('Could not load tutor profile.', { headline: true }),
  component: function TutorProfileRoute() {
    return (
      <Stack gap="6">
        <TutorProfilePage />
        <PayoutAccountCard />
      </Stack>
    );
  },
});
