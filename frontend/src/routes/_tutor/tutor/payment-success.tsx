import { createFileRoute } from '@tanstack/react-router';
import { TutorPaymentSuccessPage } from '../../../features/payments/pages/TutorPaymentSuccessPage';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

// The spec's page reads `session_id`; our own payout links carry `payout_id`: either names the payout.
export const Route = createFileRoute('/_tutor/tutor/payment-success')({
  validateSearch: (search: Record<string, unknown>): { payout_id?: string; session_id?: string } => {
    const payoutId = text(search.payout_id);
    const sessionId = text(search.session_id);
    return { ...(payoutId ? { payout_id: payoutId } : {}), ...(sessionId ? { session_id: sessionId } : {}) };
  },
  component: function TutorPaymentSuccessRoute() {
    const search = Route.useSearch();
    return <TutorPaymentSuccessPage payoutId={search.payout_id} sessionId={search.session_id} />;
  },
});
