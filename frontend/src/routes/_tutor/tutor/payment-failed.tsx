import { createFileRoute } from '@tanstack/react-router';
import { TutorPaymentFailedPage } from '../../../features/payments/pages/TutorPaymentFailedPage';

export const Route = createFileRoute('/_tutor/tutor/payment-failed')({
  component: TutorPaymentFailedPage,
});
