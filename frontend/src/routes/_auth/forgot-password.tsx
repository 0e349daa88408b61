import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/forgot-password')({
  component: () => (
    <PagePlaceholder title="Forgot password" description="Enter your email and we will send you a reset link." />
  ),
});
