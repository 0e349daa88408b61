import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { paymentsApi } from '../queries';
import { forgetPayment, readPayment, type PaymentType } from '../storage';

export const CHATS_REDIRECT_MS = 2000;

type State = { kind: 'checking' } | { kind: 'success'; note?: string } | { kind: 'error'; message: string };

/**
 * /payment-success/{essay|tutoring}?session_id=…: asks the server for the checkout's state (the server asks the
 * gateway) and shows success only for a payment the server confirmed. A checkout it does not know (a made-up
 * session_id: 404 PAYMENT_NOT_FOUND) is "Payment session not found. Please try again."; a server or network failure
 * says the payment is unconfirmed (the webhook still settles a real one).
 */
export function PaymentSuccessPage({ type, sessionId }: { type: PaymentType; sessionId?: string }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);
  const navigate = useNavigate();
  useDocumentTitle(state.kind === 'error' ? 'Payment Processing Error' : 'Payment Successful!');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const stored = readPayment();
    if (!sessionId || !stored) {
      setState({ kind: 'error', message: 'Payment information not found. Please check your essays page.' });
      return;
    }
    paymentsApi
      .updatePaymentStatus(sessionId)
      .then((status) => {
        if (status.paymentStatus === 'Failed') setState({ kind: 'error', message: 'Payment processing issue: your payment did not go through.' });
        else setState({ kind: 'success', note: status.paymentStatus === 'Pending' ? 'Your payment is being confirmed; it will show as Paid shortly.' : undefined });
      })
      .catch((error: unknown) => {
        console.warn('Payment status update failed', errorMessage(error, 'unknown error'));
        const refused = isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500;
        setState({
          kind: 'error',
          message: refused
            ? 'Payment session not found. Please try again.'
            : 'We could not confirm your payment just now. If you completed the checkout, it will show as Paid on your essays page shortly.',
        });
      })
      .finally(forgetPayment);
  }, [sessionId]);

  useEffect(() => {
    if (state.kind !== 'success' || type !== 'tutoring') return;
    const timer = setTimeout(() => void navigate({ to: '/student/chats' }), CHATS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, type, navigate]);

  if (state.kind === 'checking') {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>Confirming your payment...</Text>
      </HStack>
    );
  }
  if (state.kind === 'error') {
    return (
      <Stack gap="4" maxW="xl">
        <Heading as="h1" size="2xl">
          Payment Processing Error
        </Heading>
        <FormAlert title={state.message} />
        <Button asChild variant="outline" alignSelf="flex-start">
          <RouterLink to="/student/essays">View My Essays</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        Payment Successful!
      </Heading>
      {type === 'tutoring' ? (
        <Text role="status">Session booked successfully! Redirecting to chats...</Text>
      ) : (
        <Text>Thank you: your payment has been received and your tutor can start the review.</Text>
      )}
      {state.note && <FormAlert status="info" title={state.note} />}
      <Button asChild colorPalette="brand" alignSelf="flex-start">
        {type === 'tutoring' ? <RouterLink to="/student/chats">Go to Chats</RouterLink> : <RouterLink to="/student/essays">View My Essays</RouterLink>}
      </Button>
    </Stack>
  );
}
