import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /tutor/payment-failed (spec part 2 §2): buttons to the essays (reviews page) and to support. */
export function TutorPaymentFailedPage() {
  useDocumentTitle('Payment Failed');
  return (
    <Stack gap="4" maxW="xl">
      <Heading as="h1" size="2xl">
        Payment Failed
      </Heading>
      <Text>Payment processing error. Please contact support.</Text>
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/tutor/essay-feedback">Back to Essays</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/contact">Contact Support</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
