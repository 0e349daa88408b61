import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { FormField } from '../../../components/form/FormField';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { IslandAlert } from '../components/IslandAlert';
import { useIslandNavigation } from '../hooks/useIslandNavigation';
import { DASHBOARD_ROUTES, usePrefetchRoutes } from '../hooks/usePrefetchRoutes';
import { useIsland } from '../../../lib/useIsland';
import { mountSignIn } from '../islands/sign-in';
import type { LoginSearch } from '../login-search';
import { useFlashMessage } from '../navigation';
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH } from '../schemas';

/**
 * /login. The page is the markup of the sign-in island (islands/sign-in.ts), which does all
 * of its work: alone on the prerendered page, without React, and mounted here when the app shows the
 * page. Every step is in the markup, hidden until the island shows it. React renders it once and never changes it:
 * the island owns what it shows.
 */
export function LoginPage({ search }: { search: LoginSearch }) {
  const flash = useFlashMessage();
  const go = useIslandNavigation();
  // Inside the app the dashboards' code comes through the router (the static page names the files instead).
  const prefetchDashboards = usePrefetchRoutes(DASHBOARD_ROUTES);
  const rootRef = useIsland(mountSignIn, { search, flash, onFirstInput: prefetchDashboards, go });

  return (
    <Box ref={rootRef} data-island="sign-in">
      <LoginMarkup />
    </Box>
  );
}

function LoginMarkup() {
  const formId = useId();
  return (
    <>
      <Box data-view="form">
        <AuthCard title="Welcome back" subtitle="Log in to your Redpen account">
          <IslandAlert name="flash" status="success" />
          <IslandAlert name="error">
            <Text as="span" data-alert-banned hidden>
              {AUTH_MESSAGES.bannedHelp}
            </Text>
            <Text as="span" data-alert-unverified hidden>
              {/* A plain link: the island adds the email to it (and opens it through the router inside the app). */}
              <Link {...authLinkStyle} href="/verify-email">
                Verify your email
              </Link>
            </Text>
          </IslandAlert>
          <form noValidate aria-label="Login form">
            <Stack gap="4">
              <FormField id={`${formId}-email`} label="Email">
                <Input name="email" type="email" autoComplete="email" inputMode="email" />
              </FormField>
              <FormField id={`${formId}-password`} label="Password">
                <Input name="password" type="password" autoComplete="current-password" />
              </FormField>
              <Box textAlign="end">
                <Link asChild {...authLinkStyle} fontSize="sm">
                  <RouterLink to="/forgot-password">Forgot password?</RouterLink>
                </Link>
              </Box>
              {/* Disabled until the island runs: a click before that would submit natively, by GET, with the password in the URL. */}
              <Button type="submit" colorPalette="brand" disabled>
                Log in
              </Button>
            </Stack>
          </form>
          <Text textAlign="center" fontSize="sm">
            Don&apos;t have an account?{' '}
            <Link asChild {...authLinkStyle}>
              <RouterLink to="/register">Register</RouterLink>
            </Link>
          </Text>
        </AuthCard>
      </Box>

      <Box data-view="two-factor" hidden>
        <AuthCard
          title="Two-factor verification"
          subtitle={
            <>
              Enter the {VERIFICATION_CODE_LENGTH}-character code we sent to <span data-two-factor-email />
            </>
          }
          documentTitle={null}
        >
          <IslandAlert name="info" status="info" />
          <IslandAlert name="error" />
          <form noValidate aria-label="Two-factor form">
            <Stack gap="4">
              <FormField id={`${formId}-code`} label="Verification code">
                <Input name="code" autoComplete="one-time-code" maxLength={VERIFICATION_CODE_LENGTH} letterSpacing="0.3em" textAlign="center" fontSize="lg" />
              </FormField>
              <Button type="submit" colorPalette="brand" disabled>
                Verify
              </Button>
              <HStack justify="space-between">
                <Button type="button" variant="ghost" size="sm" data-action="back">
                  Back to login
                </Button>
                <Button type="button" variant="outline" size="sm" data-action="resend">
                  Resend code
                </Button>
              </HStack>
            </Stack>
          </form>
        </AuthCard>
      </Box>

      <Box data-view="direct-progress" hidden>
        <AuthCard title="Signing you in" documentTitle={null}>
          <HStack justify="center" role="status" gap="3">
            <Spinner size="sm" />
            <Text data-direct-progress-text>Checking your sign-in link...</Text>
          </HStack>
        </AuthCard>
      </Box>

      {/* The island writes the account's name and email into these lines. */}
      <Box data-view="direct-confirm" hidden>
        <AuthCard title={<span data-direct-title>Continue?</span>} subtitle={<span data-direct-subtitle />} documentTitle={null}>
          <Stack gap="3">
            <Button type="button" colorPalette="brand" data-action="direct-continue">
              Continue
            </Button>
            <Button type="button" variant="outline" data-action="direct-decline">
              Not me: sign in with my own account
            </Button>
          </Stack>
        </AuthCard>
      </Box>
    </>
  );
}
