import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { forgetPayment, readPayment, type PaymentType } from '../storage';

/** Where Try Again leads, by payment type (spec part 1 §2). */
export const RETRY_TARGET = { essay: '/student/essay-upload', tutoring: '/student/tutor-list' } as const;

/** /payment-failed/{essay|tutoring}: Payment Failed, Try Again and View My Essays. */
export function PaymentFailedPage({ type }: { type: PaymentType }) {
  useDocumentTitle('Payment Failed');
  // The stored type wins (the spec's client chose the retry by `paymentType`); the URL's segment is the fallback.
  const [retryType] = useState<PaymentType>(() => readPayment()?.type ?? type);
  useEffect(forgetPayment, []);
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        Payment Failed
      </Heading>
      <Text>Your payment did not go through and you have not been charged. You can try again.</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to={RETRY_TARGET[retryType]}>Try Again</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/student/essays">View My Essays</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
