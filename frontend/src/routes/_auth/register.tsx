import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { redirectSignedInUser } from '../../features/auth/guards';

export const Route = createFileRoute('/_auth/register')({
  beforeLoad: () => redirectSignedInUser(),
  component: () => <PagePlaceholder title="Create an account" description="Register as a student or a tutor." />,
});
