import { createFileRoute } from '@tanstack/react-router';
import { StudentManagementPage } from '../../../features/admin/pages/StudentManagementPage';
import { studentListQuery } from '../../../features/admin/queries';
import { validateUserListSearch } from '../../../features/admin/search';
import { getQueryClient } from '../../../lib/query-client';

// The page and search are the URL; the page keeps its own states (skeleton, the "Error" panel, the empty texts),
// so the loader only starts the request.
export const Route = createFileRoute('/_admin/admin/students')({
  validateSearch: validateUserListSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search ?? '' }),
  loader: ({ deps }) => void getQueryClient().prefetchQuery(studentListQuery(deps)),
  component: function StudentsRoute() {
    const navigate = Route.useNavigate();
    return <StudentManagementPage search={Route.useSearch()} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});
