import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_auth/verify-email')({
  component: () => (
    <PagePlaceholder title="Verify your email" description="Enter the 6-character code we sent to your email." />
  ),
});
