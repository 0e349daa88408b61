import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EssayReviewsPage } from '../../../features/essay-reviews/pages/EssayReviewsPage';
import { myEssaysQuery } from '../../../features/essay-reviews/queries';
import { validateReviewsSearch } from '../../../features/essay-reviews/search';
import { PayoutAccountCard } from '../../../features/payments/components/PayoutAccountCard';
import { paymentsApi, payoutAccountQuery } from '../../../features/payments/queries';
import { getQueryClient } from '../../../lib/query-client';

export const Route = createFileRoute('/_tutor/tutor/essay-feedback/')({
  validateSearch: validateReviewsSearch,
  loader: () => void getQueryClient().prefetchQuery(myEssaysQuery()),
  component: function EssayReviewsRoute() {
    // Get Paid goes through Payments; the page receives it rather than importing another feature.
    const account = useQuery(payoutAccountQuery());
    return (
      <EssayReviewsPage
        search={Route.useSearch()}
        payouts={{ request: paymentsApi.essayPayout, account: account.data, setup: <PayoutAccountCard /> }}
      />
    );
  },
});
