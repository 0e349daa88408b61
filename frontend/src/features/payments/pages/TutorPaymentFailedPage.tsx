import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

/** /tutor/payment-failed: buttons to /tutor/essays and /tutor/support (each redirects on to the page that holds it). */
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
          <RouterLink to="/tutor/essays">Back to Essays</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to="/tutor/support">Contact Support</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
