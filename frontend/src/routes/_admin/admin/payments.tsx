import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../../features/admin/pages/PaymentsPage';
import { paymentListQuery } from '../../../features/admin/queries';
import { paymentFiltersOf, validatePaymentsSearch } from '../../../features/admin/search';
import { getQueryClient } from '../../../lib/query-client';

// Filters and page are the URL (a filter change drops the page: back to 1); the page keeps its own states.
export const Route = createFileRoute('/_admin/admin/payments')({
  validateSearch: validatePaymentsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => {
    const { page, filters } = paymentFiltersOf(deps);
    void getQueryClient().prefetchQuery(paymentListQuery(filters, page));
  },
  component: function PaymentsRoute() {
    const navigate = Route.useNavigate();
    return <PaymentsPage search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});
