import { Button } from '@chakra-ui/react/button';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { CodeField } from '../components/CodeField';
import { cooldownKey } from '../cooldown';
import { useCooldown } from '../hooks/useCooldown';
import { useCodeForm } from '../hooks/useCodeForm';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import type { VerifyEmailSearch } from '../navigation';
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH } from '../schemas';
import { SubmitButton } from '../../../components/form/SubmitButton';

export function VerifyEmailPage({ search }: { search: VerifyEmailSearch }) {
  const email = search.email;
  if (!email) {
    return (
      <AuthCard title="Verify your email">
        <FormAlert title={AUTH_MESSAGES.emailMissing} />
        <Text textAlign="center">
          <Link asChild {...authLinkStyle}>
            <RouterLink to="/register">Go to registration</RouterLink>
          </Link>
        </Text>
      </AuthCard>
    );
  }
  return <VerifyEmailForm email={email} isTutor={search.isTutor === true} />;
}

function VerifyEmailForm({ email, isTutor }: { email: string; isTutor: boolean }) {
  const formId = useId();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const cooldown = useCooldown(cooldownKey('verify', email));
  const [serverError, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const signInOrLogin = async (response: { token?: string; user?: Parameters<typeof completeSignIn>[1]; message?: string } | undefined) => {
    if (response?.token && response.user) {
      await completeSignIn(response.token, response.user);
      return true;
    }
    return false;
  };

  const { control, submit, submitting, problem, clearProblem } = useCodeForm(
    async (code) => {
      try {
        const response = await authApi.verifyEmail(email, code);
        if (!(await signInOrLogin(response))) {
          await navigate({ to: '/login', replace: true, state: { flash: AUTH_MESSAGES.emailVerified } });
        }
      } catch (err) {
        setError(errorMessage(err, AUTH_MESSAGES.verificationFailed));
      }
    },
    () => {
      setError(null);
      setInfo(null);
    },
  );
  const error = problem ?? serverError;

  const resend = async () => {
    clearProblem();
    setError(null);
    setInfo(null);
    setResending(true);
    try {
      const response = await authApi.resendCode(email);
      if (await signInOrLogin(response)) return;
      cooldown.start();
      setInfo(response?.message || 'A new verification code has been sent to your email.');
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.resendFailed));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        <>
          Enter the {VERIFICATION_CODE_LENGTH}-character code we sent to <strong>{email}</strong>
          {isTutor ? '. After verifying you will complete your tutor profile.' : '.'}
        </>
      }
    >
      {info && <FormAlert status="success" title={info} />}
      {error && <FormAlert title={error} />}
      <form onSubmit={submit} noValidate aria-label="Email verification form">
        <Stack gap="4">
          <CodeField id={`${formId}-code`} control={control} />
          <SubmitButton loading={submitting} loadingText="Verifying...">
            Verify email
          </SubmitButton>
          <Stack gap="1" align="center">
            <Text fontSize="sm" color="fg.muted">
              Didn&apos;t receive the code?
            </Text>
            <Button variant="outline" size="sm" onClick={() => void resend()} disabled={cooldown.active} loading={resending}>
              {cooldown.active ? `Resend code in ${cooldown.seconds}s` : 'Resend code'}
            </Button>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
