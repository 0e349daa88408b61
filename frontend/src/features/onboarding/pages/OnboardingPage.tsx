import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { OnboardingForm } from '../components/OnboardingForm';

export function OnboardingPage() {
  useDocumentTitle('Tutor Onboarding');
  return (
    <Stack gap="6" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '5', md: '8' }}>
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
