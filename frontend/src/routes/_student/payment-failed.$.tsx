import { createFileRoute } from '@tanstack/react-router';
import { PaymentFailedPage } from '../../features/payments/pages/PaymentFailedPage';
import { isPaymentType } from '../../features/payments/storage';

export const Route = createFileRoute('/_student/payment-failed/$')({
  component: function PaymentFailedRoute() {
    const { _splat } = Route.useParams();
    return <PaymentFailedPage type={isPaymentType(_splat) ? _splat : 'essay'} />;
  },
});
