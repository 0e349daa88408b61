import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { validateLoginSearch } from '../../features/auth/guards';

export const Route = createFileRoute('/_auth/login')({
  validateSearch: validateLoginSearch,
  component: () => <PagePlaceholder title="Login" description="Sign in to your Redpen account." />,
});
