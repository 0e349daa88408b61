import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorCode, errorMessage } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { FormField } from '../../../components/form/FormField';
import type { LoginSearch } from '../guards';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { usePrefetchDashboards } from '../hooks/usePrefetchDashboards';
import { useFlashMessage } from '../navigation';
import { AUTH_MESSAGES, loginRules, type LoginValues } from '../schemas';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { useSession } from '../../../lib/session';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TwoFactorStep } from '../components/TwoFactorStep';

const resolver = rulesResolver(loginRules);

type LoginError = { message: string; kind: 'banned' | 'unverified' | 'other' };

function toLoginError(error: unknown, fallback: string): LoginError {
  const message = errorMessage(error, fallback);
  // By the server's stable code, never by the message's wording.
  const code = errorCode(error);
  if (code === 'ACCOUNT_BANNED') return { message, kind: 'banned' };
  if (code === 'EMAIL_NOT_VERIFIED') return { message, kind: 'unverified' };
  return { message, kind: 'other' };
}

export function LoginPage({ search }: { search: LoginSearch }) {
  const formId = useId();
  const flash = useFlashMessage();
  const completeSignIn = useCompleteSignIn();
  // The dashboard's code is fetched while the visitor types, so it opens as soon as the sign-in succeeds.
  const prefetchDashboards = usePrefetchDashboards();
  const { signOut } = useSession();
  const [error, setError] = useState<LoginError | null>(null);
  const [twoFactor, setTwoFactor] = useState<{ userId: string; email: string; message?: string } | null>(null);
  // Direct sign-in (part 1 §2): a one-time link code, used only once the visitor confirms whose account it is.
  const [direct, setDirect] = useState<{ state: 'checking' } | { state: 'confirm'; name: string; email: string } | { state: 'signing-in' } | null>(() =>
    search.signInCode ? { state: 'checking' } : null,
  );
  const directStarted = useRef(false);
  const { register, handleSubmit, getValues, formState } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver,
    // The rule's line stays until the next Log in, as the server's does.
    reValidateMode: 'onSubmit',
  });
  // The rules' line (both fields are needed) or the server's refusal: one alert above the form.
  const rulesProblem = formState.errors.email?.message;
  const shownError: LoginError | null = rulesProblem ? { message: rulesProblem, kind: 'other' } : error;

  const directFailed = useCallback(() => {
    setError({ message: AUTH_MESSAGES.directTokenFailed, kind: 'other' });
    setDirect(null);
  }, []);

  useEffect(() => {
    const { signInCode } = search;
    if (!signInCode || directStarted.current) return;
    directStarted.current = true;
    authApi.previewSignInLink(signInCode).then(
      (owner) => (owner?.name ? setDirect({ state: 'confirm', name: owner.name, email: owner.email }) : directFailed()),
      directFailed,
    );
  }, [search, directFailed]);

  const continueDirect = async () => {
    if (!search.signInCode) return;
    setDirect({ state: 'signing-in' });
    try {
      const response = await authApi.exchangeSignInLink(search.signInCode);
      if (!response?.token || !response.user) throw new Error('no session');
      await completeSignIn(response.token, response.user, search.redirect);
    } catch {
      signOut();
      directFailed();
    }
  };

  const onSubmit = handleSubmit(
    async ({ email, password }) => {
      setError(null);
      try {
        const response = await authApi.login(email.trim(), password);
        if (response.twoFactorRequired && response.userId) {
          setTwoFactor({ userId: response.userId, email: email.trim(), message: response.message });
          return;
        }
        if (!response?.token || !response.user) {
          setError({ message: AUTH_MESSAGES.authChanged, kind: 'other' });
          return;
        }
        await completeSignIn(response.token, response.user, search.redirect);
      } catch (err) {
        setError(toLoginError(err, AUTH_MESSAGES.loginFailed));
      }
    },
    () => setError(null),
  );

  if (direct?.state === 'confirm') {
    return (
      <AuthCard title={`Continue as ${direct.name}?`} subtitle={`This link signs you in as ${direct.name} (${direct.email}).`}>
        <Stack gap="3">
          <Button colorPalette="brand" onClick={() => void continueDirect()}>
            Continue as {direct.name}
          </Button>
          <Button variant="outline" onClick={() => setDirect(null)}>
            Not me: sign in with my own account
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (direct) {
    return (
      <AuthCard title="Signing you in">
        <HStack justify="center" role="status" gap="3">
          <Spinner size="sm" />
          <Text>{direct.state === 'checking' ? 'Checking your sign-in link...' : 'Signing you in...'}</Text>
        </HStack>
      </AuthCard>
    );
  }

  if (twoFactor) {
    return (
      <TwoFactorStep
        {...twoFactor}
        onBack={() => setTwoFactor(null)}
        onSignedIn={(token, user) => completeSignIn(token, user, search.redirect)}
      />
    );
  }

  const email = getValues('email');
  return (
    <AuthCard title="Welcome back" subtitle="Log in to your Redpen account">
      {flash && !shownError && <FormAlert status="success" title={flash} />}
      {shownError && (
        <Box data-kind={shownError.kind}>
          {shownError.kind === 'banned' ? (
            <FormAlert title={shownError.message}>{AUTH_MESSAGES.bannedHelp}</FormAlert>
          ) : shownError.kind === 'unverified' ? (
            <FormAlert title={shownError.message}>
              <Link asChild {...authLinkStyle}>
                <RouterLink to="/verify-email" search={{ email: email.trim() }}>
                  Verify your email
                </RouterLink>
              </Link>
            </FormAlert>
          ) : (
            <FormAlert title={shownError.message} />
          )}
        </Box>
      )}
      <form onSubmit={onSubmit} onInput={prefetchDashboards} noValidate aria-label="Login form">
        <Stack gap="4">
          <FormField id={`${formId}-email`} label="Email">
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <FormField id={`${formId}-password`} label="Password">
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <Box textAlign="end">
            <Link asChild {...authLinkStyle} fontSize="sm">
              <RouterLink to="/forgot-password">Forgot password?</RouterLink>
            </Link>
          </Box>
          <SubmitButton loading={formState.isSubmitting} loadingText="Logging in...">
            Log in
          </SubmitButton>
        </Stack>
      </form>
      <Text textAlign="center" fontSize="sm">
        Don&apos;t have an account?{' '}
        <Link asChild {...authLinkStyle}>
          <RouterLink to="/register">Register</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
