import { createFileRoute } from '@tanstack/react-router';
import { TutorManagementPage } from '../../../features/admin/pages/TutorManagementPage';
import { tutorListQuery } from '../../../features/admin/queries';
import { validateTutorListSearch } from '../../../features/admin/search';
import { getQueryClient } from '../../../lib/query-client';

// Page, search and filter are the URL; the page keeps its own states, so the loader only starts the request.
export const Route = createFileRoute('/_admin/admin/tutors-management')({
  validateSearch: validateTutorListSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search ?? '', filter: search.approval ?? 'all' }),
  loader: ({ deps }) => void getQueryClient().prefetchQuery(tutorListQuery(deps)),
  component: function TutorsManagementRoute() {
    const navigate = Route.useNavigate();
    return <TutorManagementPage search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});
