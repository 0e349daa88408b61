import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { authApi } from '../../../api/auth';
import { useSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { turnOffTwoFactorRules, type TurnOffTwoFactorValues } from '../schemas';

const resolver = rulesResolver(turnOffTwoFactorRules);

/**
 * Two-factor sign-in switch (PUT /auth/two-factor). Turning it on is immediate; turning it off asks for the
 * password first, so someone holding an open session cannot quietly weaken the account.
 */
export function TwoFactorToggle() {
  const { user, updateUser } = useSession();
  const enabled = user?.twoFactorEnabled === true;
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setError] = useState<string | undefined>();
  const passwordId = useId();
  const { register, handleSubmit, reset, formState } = useForm<TurnOffTwoFactorValues>({
    defaultValues: { password: '' },
    resolver,
    // A message stays until the next Turn off, as the server's does.
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.password?.message ?? serverError;

  const closeConfirm = () => {
    setConfirming(false);
    reset();
    setError(undefined);
  };

  const change = async (next: boolean, currentPassword?: string) => {
    setBusy(true);
    try {
      const response = await authApi.setTwoFactor(next, currentPassword);
      updateUser({ twoFactorEnabled: response?.user?.twoFactorEnabled ?? next });
      toastSuccess(next ? 'Two-factor sign-in turned on' : 'Two-factor sign-in turned off');
      closeConfirm();
    } catch (err) {
      const message = errorMessage(err, 'Failed to update two-factor setting');
      if (currentPassword !== undefined) setError(message);
      else toastError(message);
    } finally {
      setBusy(false);
    }
  };

  const confirmOff = handleSubmit(
    ({ password }) => {
      setError(undefined);
      return change(false, password);
    },
    () => setError(undefined),
  );

  return (
    <Stack gap="3">
      <Checkbox.Root
        checked={enabled}
        disabled={busy || confirming}
        onCheckedChange={(details) => (details.checked === true ? void change(true) : setConfirming(true))}
        colorPalette="brand"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Two-factor sign-in (a code is emailed each time you log in)</Checkbox.Label>
      </Checkbox.Root>
      {confirming && (
        <form onSubmit={(event) => void confirmOff(event)} noValidate aria-label="Turn off two-factor sign-in">
          <Stack gap="3">
            <FormField id={passwordId} label="Your password" error={error} required>
              <Input type="password" autoComplete="current-password" {...register('password')} autoFocus />
            </FormField>
            <HStack gap="3">
              <Button type="submit" colorPalette="brand" loading={busy}>
                Turn off
              </Button>
              <Button variant="outline" onClick={closeConfirm}>
                Cancel
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
