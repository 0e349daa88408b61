import { useMutation } from '@tanstack/react-query';
import { errorCode, errorMessage } from '../../../api/client';
import { toastError } from '../../../components/ui/toaster';
import { forgetPayment, rememberPayment } from '../../../lib/payment-storage';
import { browser, tutoringApi } from '../queries';

/**
 * Book Session: the server holds the slot unpaid and answers
 * `{ tutoringSession, paymentUrl }`; the session id and `paymentType` tutoring are remembered under the spec's
 * local-storage keys (the success page reads them), then the browser goes to the checkout.
 */
export function useBookSession() {
  return useMutation({
    mutationFn: tutoringApi.book,
    onSuccess: ({ tutoringSession, paymentUrl }) => {
      rememberPayment('tutoring', tutoringSession._id);
      browser.go(paymentUrl);
    },
    onError: (error) => {
      forgetPayment();
      // A student who is also a tutor, on their own card: the dialog's alert says it too.
      if (errorCode(error) === 'SELF_DEALING') toastError(errorMessage(error, 'You cannot book a session with yourself'));
    },
  });
}
