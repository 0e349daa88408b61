import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { PayButton } from '../components/PayButton';
import { forgetPayment, readPayment, type PaymentType } from '../storage';

/** Try Again starts over where each payment began: a new upload, or the tutor list. */
export const RETRY_TARGET = { essay: '/student/essay-upload', tutoring: '/student/tutors' } as const;

const TEXT = {
  essay: 'Your essay is saved and nothing has changed: you can pay for it now or later from My Essays.',
  tutoring: 'Your session is held for a few minutes: pay now to keep it, or choose another time.',
} as const;

/**
 * /payment-failed/{essay|tutoring}, where the checkout's Cancel lands: Payment Failed, "You have not been charged",
 * Try Again (a new upload, or the tutor list) and View My Essays. When the essay or session paid for is remembered,
 * a button pays for that one again, so a retry never needs a second upload.
 */
export function PaymentFailedPage({ type }: { type: PaymentType }) {
  useDocumentTitle('Payment Failed');
  // The stored item wins (the spec's client chose the retry by `paymentType`); the URL's segment is the fallback.
  const [item] = useState(() => readPayment());
  const retryType = item?.type ?? type;
  useEffect(forgetPayment, []);
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        Payment Failed
      </Heading>
      <Text>You have not been charged. {TEXT[retryType]}</Text>
      <HStack gap="3" flexWrap="wrap" align="flex-start">
        {item && (
          <PayButton target={item} variant="solid">
            {item.type === 'tutoring' ? 'Pay for this session' : 'Pay for this essay'}
          </PayButton>
        )}
        <Button asChild colorPalette="brand" variant={item ? 'outline' : 'solid'}>
          <RouterLink to={RETRY_TARGET[retryType]}>Try Again</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/student/essays">View My Essays</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
