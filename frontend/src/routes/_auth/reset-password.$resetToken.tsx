import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/reset-password/$resetToken')({
  component: () => <PagePlaceholder title="Reset password" description="Choose a new password for your account." />,
});
