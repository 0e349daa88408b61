import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

export const Route = createFileRoute('/_student/payment-failed/$')({
  component: () => <PagePlaceholder title="Payment Failed" description="Your payment did not go through." />,
});
