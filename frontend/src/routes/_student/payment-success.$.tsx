import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/payment-success/$')({
  component: () => <PagePlaceholder title="Payment Successful!" description="Thank you: your payment has been received." />,
});
