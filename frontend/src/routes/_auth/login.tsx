import { createFileRoute } from '@tanstack/react-router';
import { validateLoginSearch } from '../../features/auth/guards';
import { LoginPage } from '../../features/auth/pages/LoginPage';

export const Route = createFileRoute('/_auth/login')({
  validateSearch: validateLoginSearch,
  component: function LoginRoute() {
    return <LoginPage search={Route.useSearch()} />;
  },
});
