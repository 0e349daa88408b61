import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessPage } from '../../features/payments/pages/PaymentSuccessPage';
import { isPaymentType } from '../../features/payments/storage';

export const Route = createFileRoute('/_student/payment-success/$')({
  validateSearch: (search: Record<string, unknown>): { session_id?: string } =>
    typeof search.session_id === 'string' && search.session_id ? { session_id: search.session_id } : {},
  component: function PaymentSuccessRoute() {
    const { _splat } = Route.useParams();
    const { session_id } = Route.useSearch();
    return <PaymentSuccessPage type={isPaymentType(_splat) ? _splat : 'essay'} sessionId={session_id} />;
  },
});
