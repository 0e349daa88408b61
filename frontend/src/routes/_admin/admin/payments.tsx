import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_admin/admin/payments')({
  component: () => <PagePlaceholder title="Payment Management" description="Monitor and manage all platform payments" />,
});
