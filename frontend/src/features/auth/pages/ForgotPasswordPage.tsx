import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { useIsland } from '../../../lib/useIsland';
import { FiMail } from 'react-icons/fi';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { IslandAlert } from '../components/IslandAlert';
import { FormField } from '../../../components/form/FormField';
import { mountForgotPassword } from '../islands/forgot-password';

/**
 * /forgot-password. The page is the markup of its island (islands/forgot-password.ts), which
 * does all of its work: alone on the prerendered page, without React, and mounted here when the app
 * shows the page. Both steps are in the markup; React renders it once and never changes it.
 */
export function ForgotPasswordPage() {
  const formId = useId();
  const rootRef = useIsland(mountForgotPassword, undefined);

  return (
    <Box ref={rootRef} data-island="forgot-password">
      <Box data-view="form">
        <AuthCard title="Forgot password" subtitle="Enter your email and we will send you a reset link.">
          <IslandAlert name="error" />
          <form noValidate aria-label="Forgot password form">
            <Stack gap="4">
              <FormField id={`${formId}-email`} islandName="email" label="Email" required>
                <Input name="email" type="email" autoComplete="email" inputMode="email" />
              </FormField>
              {/* Disabled until the island runs: a click before that would submit natively, by GET. */}
              <Button type="submit" colorPalette="brand" disabled>
                Send reset link
              </Button>
            </Stack>
          </form>
          <Text textAlign="center" fontSize="sm">
            <Link asChild {...authLinkStyle}>
              <RouterLink to="/login">Back to login</RouterLink>
            </Link>
          </Text>
        </AuthCard>
      </Box>
      <Box data-view="sent" hidden>
        <AuthCard title="Check your email" documentTitle={null}>
          <Stack role="status" gap="4" align="center" textAlign="center">
            <Text fontSize="4xl" color="brand.600" aria-hidden="true">
              <FiMail />
            </Text>
            <Text>
              If an account exists for <strong data-sent-email />, we have sent a link to reset your password.
            </Text>
            <Text color="fg.muted" data-sent-message hidden />
            <Link asChild {...authLinkStyle}>
              <RouterLink to="/login">Back to login</RouterLink>
            </Link>
          </Stack>
        </AuthCard>
      </Box>
    </Box>
  );
}
