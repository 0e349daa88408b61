import { createFileRoute } from '@tanstack/react-router';
import { validateVerifyEmailSearch } from '../../features/auth/navigation';
import { VerifyEmailPage } from '../../features/auth/pages/VerifyEmailPage';

export const Route = createFileRoute('/_auth/verify-email')({
  validateSearch: validateVerifyEmailSearch,
  component: function VerifyEmailRoute() {
    return <VerifyEmailPage search={Route.useSearch()} />;
  },
});
