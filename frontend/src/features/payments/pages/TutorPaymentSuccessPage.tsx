import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatPounds } from '@redpen/shared/pricing';
import { paymentsApi } from '../queries';

type State = { kind: 'processing' } | { kind: 'success'; amount: number; note?: string } | { kind: 'error'; message: string };

export const PAYOUT_NOT_FOUND = 'Payment session not found. Please try again.';
export const PAYOUT_UNCONFIRMED = 'We could not confirm this payout just now. Please check your essays page or contact support.';

/**
 * /tutor/payment-success?payout_id=… or ?session_id=…: processing, then success only for a payout the server
 * confirmed (completed or pending). A reference the server does not know (any 4xx, PAYMENT_NOT_FOUND for a made-up
 * id) is "Payment session not found. Please try again."; a server or network failure says the payout is
 * unconfirmed, never that it was paid.
 */
export function TutorPaymentSuccessPage({ payoutId, sessionId }: { payoutId?: string; sessionId?: string }) {
  const [state, setState] = useState<State>({ kind: 'processing' });
  const started = useRef(false);
  useDocumentTitle(state.kind === 'error' ? 'Payment Error' : 'Payment Successful!');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const payout = payoutId ? { payoutId } : sessionId ? { sessionId } : undefined;
    if (!payout) {
      setState({ kind: 'error', message: PAYOUT_NOT_FOUND });
      return;
    }
    paymentsApi
      .updateTutorPaymentStatus(payout)
      .then((result) => {
        if (result.status === 'failed') setState({ kind: 'error', message: 'Payment processing error. Please contact support.' });
        else setState({ kind: 'success', amount: result.amountPence, note: result.status === 'pending' ? 'Your payout is being processed.' : undefined });
      })
      .catch((error: unknown) => {
        const refused = isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500;
        setState({ kind: 'error', message: refused ? PAYOUT_NOT_FOUND : PAYOUT_UNCONFIRMED });
      });
  }, [payoutId, sessionId]);

  if (state.kind === 'processing') {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>Processing your payment...</Text>
      </HStack>
    );
  }
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        {state.kind === 'error' ? 'Payment Error' : 'Payment Successful!'}
      </Heading>
      {state.kind === 'error' ? (
        <FormAlert title={state.message} />
      ) : (
        <Text>{`${formatPounds(state.amount)} has been paid out to you.`}</Text>
      )}
      {state.kind === 'success' && state.note && <FormAlert status="info" title={state.note} />}
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/tutor/essays">Back to Essays</RouterLink>
        </Button>
        {state.kind === 'error' && (
          <Button asChild variant="outline">
            <RouterLink to="/tutor/support">Contact Support</RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
