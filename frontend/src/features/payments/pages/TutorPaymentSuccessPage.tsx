import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { errorCode } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatPounds } from '@redpen/shared/pricing';
import { paymentsApi } from '../queries';

type State = { kind: 'processing' } | { kind: 'success'; amount?: number; note?: string } | { kind: 'error'; message: string };

/**
 * /tutor/payment-success?payout_id=… or ?session_id=… (spec part 2 §2, §4, §5, §8): processing, then success or error. A failed
 * status call still shows success with a note that the team will resolve the status update.
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
      setState({ kind: 'error', message: 'Payment session not found. Please try again.' });
      return;
    }
    paymentsApi
      .updateTutorPaymentStatus(payout)
      .then((result) => {
        if (result.status === 'failed') setState({ kind: 'error', message: 'Payment processing error. Please contact support.' });
        else setState({ kind: 'success', amount: result.amountPence, note: result.status === 'pending' ? 'Your payout is being processed.' : undefined });
      })
      .catch((error: unknown) => {
        if (errorCode(error) === 'PAYMENT_NOT_FOUND') setState({ kind: 'error', message: 'Payment session not found. Please try again.' });
        else setState({ kind: 'success', note: 'Your payout was requested, but we could not update its status. Our team will resolve the status update.' });
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
        <Text>{state.amount !== undefined ? `${formatPounds(state.amount)} has been paid out to you.` : 'Your payout has been processed.'}</Text>
      )}
      {state.kind === 'success' && state.note && <FormAlert status="info" title={state.note} />}
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/tutor/essay-feedback">Back to Essays</RouterLink>
        </Button>
        {state.kind === 'error' && (
          <Button asChild variant="outline">
            <RouterLink to="/contact">Contact Support</RouterLink>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
