import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FiMail } from 'react-icons/fi';
import { errorMessage } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { FormField } from '../../../components/form/FormField';
import { AUTH_MESSAGES, forgotPasswordRules, type ForgotPasswordValues } from '../schemas';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { SubmitButton } from '../../../components/form/SubmitButton';

const resolver = rulesResolver(forgotPasswordRules);

export function ForgotPasswordPage() {
  const formId = useId();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ defaultValues: { email: '' }, resolver });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const response = await authApi.requestPasswordReset(email.trim());
      setSentTo({ email: email.trim(), message: response?.message ?? '' });
    } catch (error) {
      setFailure(errorMessage(error, AUTH_MESSAGES.resetEmailFailed));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Stack role="status" gap="4" align="center" textAlign="center">
          <Text fontSize="4xl" color="brand.600" aria-hidden="true">
            <FiMail />
          </Text>
          <Text>
            If an account exists for <strong>{sentTo.email}</strong>, we have sent a link to reset your password.
          </Text>
          {sentTo.message && <Text color="fg.muted">{sentTo.message}</Text>}
          <Link asChild {...authLinkStyle}>
            <RouterLink to="/login">Back to login</RouterLink>
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we will send you a reset link.">
      {failure && <FormAlert title={failure} />}
      <form onSubmit={onSubmit} noValidate aria-label="Forgot password form">
        <Stack gap="4">
          <FormField id={`${formId}-email`} label="Email" error={errors.email?.message} required>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <SubmitButton loading={isSubmitting} loadingText="Sending...">
            Send reset link
          </SubmitButton>
        </Stack>
      </form>
      <Text textAlign="center" fontSize="sm">
        <Link asChild {...authLinkStyle}>
          <RouterLink to="/login">Back to login</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
