import { Button } from '@chakra-ui/react/button';
import { Container } from '@chakra-ui/react/container';
import { Stack } from '@chakra-ui/react/stack';
import { Link as RouterLink } from '@tanstack/react-router';
import { ContactSentMessage } from '../components/ContactForm';
import { usePageMeta } from '../hooks/usePageMeta';

/**
 * Where the contact form lands when it was posted without JavaScript (`POST /api/contact/form` answers 303 here);
 * with JavaScript the form shows the same message in place.
 */
export function ContactSentPage() {
  usePageMeta('Message sent', 'Your message has been sent to Redpen support.');
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
      <Stack role="status" gap="4" align="center" textAlign="center" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '6', md: '10' }}>
        <ContactSentMessage headingLevel="h1" />
        <Button asChild variant="outline">
          <RouterLink to="/contact">Send another message</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
