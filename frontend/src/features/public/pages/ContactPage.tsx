import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { BRAND } from '../brand';
import { AppLink } from '../components/AppLink';
import { ContactForm } from '../components/ContactForm';
import { FiMail, FiMapPin } from '../components/contact-icons';
import { LOCATION, SUPPORT_EMAIL } from '../content/site';
import { usePageMeta } from '../hooks/usePageMeta';

export function ContactPage() {
  usePageMeta('Contact', 'Contact Redpen support about essay reviews, tutoring sessions, payments or your account.');
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
      <Stack gap="3" mb={{ base: '8', md: '12' }} maxW="2xl">
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} letterSpacing="tight">
          Contact us
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} color="gray.700">
          Questions about an essay review, a tutoring session, a payment or your account? Send us a message and we will
          reply by email. You may find a quicker answer in the <AppLink to="/faq" color={BRAND.primaryStrong} textDecoration="underline">FAQ</AppLink>.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '8', lg: '10' }}>
        <Box gridColumn={{ lg: 'span 2' }} bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '5', md: '8' }}>
          <ContactForm />
        </Box>
        <Stack as="aside" aria-labelledby="support-details" gap="6" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '5', md: '8' }} alignSelf="start">
          <Heading as="h2" id="support-details" size="lg">
            Support
          </Heading>
          <Flex gap="3" align="start">
            <Box color={BRAND.primaryStrong} mt="1">
              <FiMail aria-hidden />
            </Box>
            <Box>
              <Text fontWeight="semibold">Email</Text>
              <Link href={`mailto:${SUPPORT_EMAIL}`} color={BRAND.primaryStrong} wordBreak="break-all">
                {SUPPORT_EMAIL}
              </Link>
            </Box>
          </Flex>
          <Flex gap="3" align="start">
            <Box color={BRAND.primaryStrong} mt="1">
              <FiMapPin aria-hidden />
            </Box>
            <Box>
              <Text fontWeight="semibold">Location</Text>
              <Text>{LOCATION}</Text>
            </Box>
          </Flex>
          <Text fontSize="sm" color="gray.700">
            Signed in? Questions about a specific essay or session are usually fastest in your chat with the tutor.
            Refund requests: see <AppLink to="/support" color={BRAND.primaryStrong} textDecoration="underline">Support</AppLink>.
          </Text>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
