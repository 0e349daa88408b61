import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { useIsland } from '../../../lib/useIsland';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { IslandAlert } from '../components/IslandAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { PasswordStrength } from '../components/PasswordStrength';
import { useIslandNavigation } from '../hooks/useIslandNavigation';
import { usePrefetchRoutes, VERIFY_EMAIL_ROUTES } from '../hooks/usePrefetchRoutes';
import { mountRegister } from '../islands/register';

const NativeCheckbox = chakra('input');

const ROLES = [
  { value: 'student', label: 'Student' },
  { value: 'tutor', label: 'Tutor' },
] as const;

/**
 * /register. The page is the markup of the registration island (islands/register.ts), which
 * does all of its work: alone on the prerendered page, without React, and mounted here when the app
 * shows the page. React renders it once and never changes it. `role`: the one a "Get Started" link chose
 * (`/register?role=student`); otherwise the person chooses.
 */
export function RegisterPage({ role }: { role?: 'student' | 'tutor' } = {}) {
  const rootRef = useIsland(mountRegister, { role, onFirstInput: usePrefetchRoutes(VERIFY_EMAIL_ROUTES), go: useIslandNavigation() });

  return (
    <Box ref={rootRef} data-island="register">
      <RegisterMarkup />
    </Box>
  );
}

function RegisterMarkup() {
  const formId = useId();
  const id = (name: string) => `${formId}-${name}`;
  return (
    <AuthCard title="Create an account" subtitle="Join Redpen as a student or a tutor">
      <IslandAlert name="error" />
      <form noValidate aria-label="Registration form">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField id={id('firstName')} islandName="firstName" label="First Name" required>
              <Input name="firstName" autoComplete="given-name" />
            </FormField>
            <FormField id={id('lastName')} islandName="lastName" label="Last Name" required>
              <Input name="lastName" autoComplete="family-name" />
            </FormField>
          </SimpleGrid>
          <FormField id={id('email')} islandName="email" label="Email" required>
            <Input name="email" type="email" autoComplete="email" inputMode="email" />
          </FormField>
          <FormField id={id('phone')} islandName="phone" label="Phone" required>
            <Input name="phone" type="tel" autoComplete="tel" inputMode="tel" />
          </FormField>
          <FormField id={id('password')} islandName="password" label="Password" required helper={<PasswordStrength />}>
            <Input name="password" type="password" autoComplete="new-password" />
          </FormField>
          <FormField id={id('confirmPassword')} islandName="confirmPassword" label="Confirm Password" required>
            <Input name="confirmPassword" type="password" autoComplete="new-password" />
          </FormField>
          <SelectField id={id('role')} islandName="role" name="role" label="I want to join as" required defaultValue="" placeholder="Choose student or tutor" options={ROLES} />
          <Box>
            <HStack as="label" align="flex-start" gap="2" fontSize="sm" cursor="pointer">
              <NativeCheckbox
                type="checkbox"
                name="agreeToTerms"
                boxSize="4"
                mt="0.5"
                flexShrink="0"
                accentColor="brand.600"
                css={{ '&[aria-invalid="true"]': { outline: '2px solid', outlineColor: 'fg.error', outlineOffset: '1px' } }}
              />
              <span>
                I agree to the{' '}
                <Link asChild {...authLinkStyle}>
                  <RouterLink to="/terms" target="_blank">
                    terms and conditions
                  </RouterLink>
                </Link>
              </span>
            </HStack>
            <Text id={id('terms-error')} data-error-for="agreeToTerms" hidden color="fg.error" fontSize="sm" fontWeight="medium" mt="1" />
          </Box>
          {/* Disabled until the island runs: a click before that would submit natively, by GET, with the password in the URL. */}
          <Button type="submit" colorPalette="brand" disabled>
            Create account
          </Button>
        </Stack>
      </form>
      <Text textAlign="center" fontSize="sm">
        Already have an account?{' '}
        <Link asChild {...authLinkStyle}>
          <RouterLink to="/login">Log in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
