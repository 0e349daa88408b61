import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { FiArrowLeft } from 'react-icons/fi';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { OnboardingForm } from '../components/OnboardingForm';

export function OnboardingPage() {
  useDocumentTitle('Tutor Onboarding');
  // A student who chose "Become a Tutor" can change their mind: the way back to their own dashboard.
  const { isStudent } = useSession();
  return (
    <Stack gap="6" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '5', md: '8' }}>
      {isStudent && (
        <Button asChild variant="ghost" size="sm" alignSelf="flex-start">
          <RouterLink to="/student/dashboard">
            <FiArrowLeft aria-hidden /> Back to my student dashboard
          </RouterLink>
        </Button>
      )}
      <Stack gap="1">
        <Heading as="h1" size="2xl" fontWeight="bold">
          Tutor Onboarding
        </Heading>
        <Text color="fg.muted">Tell us about your studies and verify your right to work. An admin reviews every profile.</Text>
      </Stack>
      <OnboardingForm />
    </Stack>
  );
}
