import { createFileRoute } from '@tanstack/react-router';
import { TutorPaymentSuccessPage } from '../../../features/payments/pages/TutorPaymentSuccessPage';

export const Route = createFileRoute('/_tutor/tutor/payment-success')({
  validateSearch: (search: Record<string, unknown>): { payout_id?: string } =>
    typeof search.payout_id === 'string' && search.payout_id ? { payout_id: search.payout_id } : {},
  component: function TutorPaymentSuccessRoute() {
    return <TutorPaymentSuccessPage payoutId={Route.useSearch().payout_id} />;
  },
});
