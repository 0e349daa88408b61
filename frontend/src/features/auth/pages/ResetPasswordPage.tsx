import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { PasswordStrength } from '../components/PasswordStrength';
import { AUTH_MESSAGES, RESET_REDIRECT_MS, resetPasswordRules, type ResetPasswordValues } from '../schemas';
import { SubmitButton } from '../../../components/form/SubmitButton';

const resolver = rulesResolver(resetPasswordRules);

export function ResetPasswordPage({ resetToken }: { resetToken: string }) {
  const formId = useId();
  const navigate = useNavigate();
  const { register, watch, handleSubmit, formState } = useForm<ResetPasswordValues>({ defaultValues: { password: '', confirm: '' }, resolver });
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const password = watch('password');
  // The rules' one problem, or the server's refusal: a single line above the fields.
  const error = formState.errors.password?.message ?? formState.errors.confirm?.message ?? serverError;

  // On success: redirect to /login after 3 s.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login', replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = handleSubmit(
    async (values) => {
      setServerError(null);
      try {
        const response = await authApi.resetPassword(resetToken, values.password);
        setDone(response?.message || 'Your password has been reset.');
      } catch (err) {
        setServerError(errorMessage(err, AUTH_MESSAGES.resetFailed));
      }
    },
    () => setServerError(null),
  );

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
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField id={`${formId}-confirm`} label="Confirm Password">
            <Input type="password" autoComplete="new-password" {...register('confirm')} />
          </FormField>
          <SubmitButton loading={formState.isSubmitting} loadingText="Resetting...">
            Reset password
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
