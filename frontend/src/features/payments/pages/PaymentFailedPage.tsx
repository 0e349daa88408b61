import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { PayButton } from '../components/PayButton';
import { forgetPayment, readPayment, type PaymentType } from '../storage';

/** Where to go when there is nothing to pay again (no item remembered): the list it would be in. */
export const FALLBACK_TARGET = { essay: '/student/essays', tutoring: '/student/interviews' } as const;

const TEXT = {
  essay: 'Your essay is saved and nothing has changed: you can pay for it now or later from My Essays.',
  tutoring: 'Your session is held for a few minutes: pay now to keep it, or choose another time.',
} as const;

/**
 * /payment-failed/{essay|tutoring}, where the checkout's Cancel lands: a neutral "Payment not completed" (issue 30),
 * and Try Again pays for **this** essay or session again (the item remembered before the checkout), never a new upload.
 */
export function PaymentFailedPage({ type }: { type: PaymentType }) {
  useDocumentTitle('Payment not completed');
  // The stored item wins (the spec's client chose the retry by `paymentType`); the URL's segment is the fallback.
  const [item] = useState(() => readPayment());
  const retryType = item?.type ?? type;
  useEffect(forgetPayment, []);
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        Payment not completed
      </Heading>
      <Text>You have not been charged. {TEXT[retryType]}</Text>
      <HStack gap="3" flexWrap="wrap" align="flex-start">
        {item ? (
          <PayButton target={item}>Try Again</PayButton>
        ) : (
          <Button asChild colorPalette="brand">
            <RouterLink to={FALLBACK_TARGET[retryType]}>Try Again</RouterLink>
          </Button>
        )}
        <Button asChild variant="outline">
          <RouterLink to={retryType === 'tutoring' ? '/student/interviews' : '/student/essays'}>
            {retryType === 'tutoring' ? 'View My Sessions' : 'View My Essays'}
          </RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
