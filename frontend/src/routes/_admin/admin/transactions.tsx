import { createFileRoute } from '@tanstack/react-router';
import { TransactionsPage } from '../../../features/admin/pages/TransactionsPage';
import { transactionsQuery } from '../../../features/admin/queries';
import { validateTransactionsSearch } from '../../../features/admin/search';
import { getQueryClient } from '../../../lib/query-client';

// Range, type, id search and page are the URL; the page keeps its own states, so the loader only starts the request.
export const Route = createFileRoute('/_admin/admin/transactions')({
  validateSearch: validateTransactionsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps: { page = 1, ...filters } }) => void getQueryClient().prefetchQuery(transactionsQuery(filters, page)),
  component: function TransactionsRoute() {
    const navigate = Route.useNavigate();
    return <TransactionsPage search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});
