import { Input } from '@chakra-ui/react/input';
import { useController, type Control } from 'react-hook-form';
import { VERIFICATION_CODE_LENGTH, type CodeValues } from '../schemas';
import { FormField } from '../../../components/form/FormField';

interface CodeFieldProps {
  id: string;
  /** The code form's control (`useCodeForm`). */
  control: Control<CodeValues>;
  autoFocus?: boolean;
}

/** The emailed verification code (email verification, two-factor sign-in): spaced out, cut to its length. */
export function CodeField({ id, control, autoFocus = false }: CodeFieldProps) {
  const { field } = useController({ control, name: 'code' });
  return (
    <FormField id={id} label="Verification code">
      <Input
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        name={field.name}
        ref={field.ref}
        value={field.value}
        onBlur={field.onBlur}
        onChange={(e) => field.onChange(e.target.value.slice(0, VERIFICATION_CODE_LENGTH))}
        letterSpacing="0.3em"
        textAlign="center"
        fontSize="lg"
        autoFocus={autoFocus}
      />
    </FormField>
  );
}
