import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { FormAlert } from '../../../components/form/FormAlert';
import { usePay, type PayTarget } from '../hooks/usePay';

/** "Make Payment" for an essay or a session: the essays and tutoring pages drop this in. */
export function PayButton({ target, children = 'Make Payment', ...props }: { target: PayTarget } & ButtonProps) {
  const { pay, pending, error } = usePay();
  return (
    <Stack gap="2" align="stretch">
      <Button colorPalette="brand" loading={pending} loadingText="Redirecting..." onClick={() => void pay(target)} {...props}>
        {children}
      </Button>
      {error && <FormAlert title={error} />}
    </Stack>
  );
}
