import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '../../../features/admin/pages/ContentPage';
import { moderationQuery } from '../../../features/admin/queries';
import { validateContentSearch } from '../../../features/admin/search';
import { getQueryClient } from '../../../lib/query-client';

// The queue's page is the URL; the page keeps its own states (the queue's error line with Try again), so the loader
// only starts the request.
export const Route = createFileRoute('/_admin/admin/content')({
  validateSearch: validateContentSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps }) => void getQueryClient().prefetchQuery(moderationQuery(deps.page)),
  component: function ContentRoute() {
    const navigate = Route.useNavigate();
    return <ContentPage search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});
