import { Stack } from '@chakra-ui/react/stack';
import { createFileRoute } from '@tanstack/react-router';
import { getQueryClient } from '../../../lib/query-client';
import { PayoutAccountCard } from '../../../features/payments/components/PayoutAccountCard';
import { payoutAccountQuery } from '../../../features/payments/queries';
import { TutorProfilePage } from '../../../features/profile/pages/TutorProfilePage';
import { tutorProfileQuery } from '../../../features/profile/queries';

export const Route = createFileRoute('/_tutor/tutor/profile')({
  loader: () => {
    void getQueryClient().prefetchQuery(tutorProfileQuery());
    void getQueryClient().prefetchQuery(payoutAccountQuery());
  },
  component: function TutorProfileRoute() {
    return (
      <Stack gap="6">
        <TutorProfilePage />
        <PayoutAccountCard />
      </Stack>
    );
  },
});
