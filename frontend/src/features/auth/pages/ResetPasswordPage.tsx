import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { FormField } from '../../../components/form/FormField';
import { PasswordStrength } from '../components/PasswordStrength';
import { AUTH_MESSAGES, RESET_REDIRECT_MS } from '../schemas';
import { SubmitButton } from '../../../components/form/SubmitButton';

export function ResetPasswordPage({ resetToken }: { resetToken: string }) {
  const formId = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // On success: redirect to /login after 3 s (part 1 §2).
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login', replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password || !confirm) {
      setError(AUTH_MESSAGES.fillAllFieldsDot);
      return;
    }
    if (password !== confirm) {
      setError(AUTH_MESSAGES.passwordsDoNotMatch);
      return;
    }
    setSubmitting(true);
    try {
      const response = await authApi.resetPassword(resetToken, password);
      setDone(response?.message || 'Your password has been reset.');
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.resetFailed));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password reset">
        <FormAlert status="success" title={done}>
          Redirecting to login in {RESET_REDIRECT_MS / 1000} seconds...
        </FormAlert>
        <Text textAlign="center">
          <Link asChild {...authLinkStyle}>
            <RouterLink to="/login">Go to login now</RouterLink>
          </Link>
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      {error && <FormAlert title={error} />}
      <form onSubmit={submit} noValidate aria-label="Reset password form">
        <Stack gap="4">
          <FormField id={`${formId}-password`} label="New Password" helper={<PasswordStrength password={password} />}>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          <FormField id={`${formId}-confirm`} label="Confirm Password">
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
          <SubmitButton loading={submitting} loadingText="Resetting...">
            Reset password
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
