import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

export const Route = createFileRoute('/_tutor/tutor/payment-failed')({
  component: () => <PagePlaceholder title="Payment Failed" description="Your payout could not be processed." />,
});
