import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { authApi, type AuthUser } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard } from './AuthCard';
import { CodeField } from './CodeField';
import { cooldownKey } from '../cooldown';
import { useCooldown } from '../hooks/useCooldown';
import { useCodeForm } from '../hooks/useCodeForm';
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH } from '../schemas';
import { SubmitButton } from '../../../components/form/SubmitButton';

interface TwoFactorStepProps {
  userId: string;
  email: string;
  message?: string;
  onBack: () => void;
  onSignedIn: (token: string, user: AuthUser) => Promise<unknown>;
}

/** The optional two-factor step: a code emailed to the user, verified with /auth/verify2FA. */
/** Sign-in's second step (spec part 1 §5): the emailed code, Resend after the cooldown, Back to the password. */
export function TwoFactorStep({ userId, email, message, onBack, onSignedIn }: TwoFactorStepProps) {
  const formId = useId();
  const [serverError, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(message ?? null);
  const cooldown = useCooldown(cooldownKey('2fa', email));

  const { control, submit, submitting, problem, clearProblem } = useCodeForm(
    async (code) => {
      try {
        const response = await authApi.verify2FA(userId, code);
        if (!response?.token || !response.user) {
          setError(AUTH_MESSAGES.authChanged);
          return;
        }
        await onSignedIn(response.token, response.user);
      } catch (err) {
        setError(errorMessage(err, AUTH_MESSAGES.verificationFailed));
      }
    },
    () => setError(null),
  );
  const error = problem ?? serverError;

  const resend = async () => {
    clearProblem();
    setError(null);
    try {
      const response = await authApi.resend2FA(email);
      cooldown.start();
      setInfo(response?.message || 'A new code has been sent to your email.');
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.resendFailed));
    }
  };

  return (
    <AuthCard title="Two-factor verification" subtitle={`Enter the ${VERIFICATION_CODE_LENGTH}-character code we sent to ${email}`}>
      {info && !error && <FormAlert status="info" title={info} />}
      {error && <FormAlert title={error} />}
      <form onSubmit={submit} noValidate aria-label="Two-factor form">
        <Stack gap="4">
          <CodeField id={`${formId}-code`} control={control} autoFocus />
          <SubmitButton loading={submitting} loadingText="Verifying...">
            Verify
          </SubmitButton>
          <HStack justify="space-between">
            <Button variant="ghost" size="sm" onClick={onBack}>
              Back to login
            </Button>
            <Button variant="outline" size="sm" onClick={() => void resend()} disabled={cooldown.active}>
              {cooldown.active ? `Resend code in ${cooldown.seconds}s` : 'Resend code'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthCard>
  );
}
