import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { FormAlert } from '../../../components/form/FormAlert';
import { AuthCard, authLinkStyle } from '../components/AuthCard';
import { FormField } from '../../../components/form/FormField';
import { PasswordStrength } from '../components/PasswordStrength';
import { cooldownKey, startCooldown } from '../cooldown';
import { AUTH_MESSAGES, registerRules, type RegisterValues } from '../schemas';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { SubmitButton } from '../../../components/form/SubmitButton';

const DEFAULTS: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  role: '',
  agreeToTerms: false,
};

const resolver = rulesResolver(registerRules);
const FIELD_NAMES = new Set(['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'role']);

/** `role`: the one a "Get Started" link chose (`/register?role=student`); otherwise the person chooses. */
export function RegisterPage({ role }: { role?: 'student' | 'tutor' } = {}) {
  const formId = useId();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ defaultValues: { ...DEFAULTS, role: role ?? '' }, resolver, mode: 'onBlur', reValidateMode: 'onChange', shouldFocusError: true });
  const password = watch('password');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim();
    try {
      await authApi.register({
        name: `${values.firstName.trim()} ${values.lastName.trim()}`,
        email,
        password: values.password,
        role: values.role as 'student' | 'tutor',
        phone: values.phone.trim(),
      });
      // A code was just emailed: the resend button waits out the cooldown (part 1 §4).
      startCooldown(cooldownKey('verify', email));
      await navigate({ to: '/verify-email', search: { email, isTutor: values.role === 'tutor' } });
    } catch (error) {
      if (isApiError(error)) {
        for (const fieldError of error.errors) {
          const field = fieldError.field === 'name' ? 'firstName' : fieldError.field;
          if (FIELD_NAMES.has(field)) setError(field as keyof RegisterValues, { message: fieldError.message });
        }
      }
      setFailure(errorMessage(error, AUTH_MESSAGES.registrationFailed));
    }
  });

  const id = (name: string) => `${formId}-${name}`;

  return (
    <AuthCard title="Create an account" subtitle="Join Redpen as a student or a tutor">
      {failure && <FormAlert title={failure} />}
      <form onSubmit={onSubmit} noValidate aria-label="Registration form">
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField id={id('firstName')} label="First Name" error={errors.firstName?.message} required>
              <Input autoComplete="given-name" {...register('firstName')} />
            </FormField>
            <FormField id={id('lastName')} label="Last Name" error={errors.lastName?.message} required>
              <Input autoComplete="family-name" {...register('lastName')} />
            </FormField>
          </SimpleGrid>
          <FormField id={id('email')} label="Email" error={errors.email?.message} required>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </FormField>
          <FormField id={id('phone')} label="Phone" error={errors.phone?.message} required>
            <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
          </FormField>
          <FormField
            id={id('password')}
            label="Password"
            error={errors.password?.message}
            required
            helper={<PasswordStrength password={password} />}
          >
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          <FormField id={id('confirmPassword')} label="Confirm Password" error={errors.confirmPassword?.message} required>
            <Input
              type="password"
              autoComplete="new-password"
              {...register('confirmPassword')}
            />
          </FormField>
          <FormField id={id('role')} label="I want to join as" error={errors.role?.message} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('role')}>
                <option value="">Choose student or tutor</option>
                <option value="student">Student</option>
                <option value="tutor">Tutor</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <Controller
            control={control}
            name="agreeToTerms"
            render={({ field, fieldState }) => (
              <Field.Root invalid={!!fieldState.error} ids={{ errorText: id('terms-error') }}>
                <Checkbox.Root
                  checked={field.value}
                  onCheckedChange={(details) => field.onChange(details.checked === true)}
                  name={field.name}
                  colorPalette="brand"
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-describedby={fieldState.error ? id('terms-error') : undefined}
                  />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label fontWeight="normal">
                    I agree to the{' '}
                    <Link asChild {...authLinkStyle}>
                      <RouterLink to="/terms" target="_blank">
                        terms and conditions
                      </RouterLink>
                    </Link>
                  </Checkbox.Label>
                </Checkbox.Root>
                <Field.ErrorText>{fieldState.error?.message}</Field.ErrorText>
              </Field.Root>
            )}
          />
          <SubmitButton loading={isSubmitting} loadingText="Creating account...">
            Create account
          </SubmitButton>
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
