import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/payment-success')({
  component: () => <PagePlaceholder title="Payment Successful!" description="Your payout request has been processed." />,
});
