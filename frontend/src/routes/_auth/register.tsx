import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedInUser } from '../../features/auth/guards';
import { RegisterPage } from '../../features/auth/pages/RegisterPage';

export const Route = createFileRoute('/_auth/register')({
  beforeLoad: () => redirectSignedInUser(),
  component: RegisterPage,
});
