import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedInUser } from '../../features/auth/guards';
import { RegisterPage } from '../../features/auth/pages/RegisterPage';
import { validateRegisterSearch } from '../../features/auth/schemas';

export const Route = createFileRoute('/_auth/register')({
  validateSearch: validateRegisterSearch,
  beforeLoad: () => redirectSignedInUser(),
  component: function RegisterRoute() {
    return <RegisterPage role={Route.useSearch().role} />;
  },
});
