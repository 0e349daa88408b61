import { Input } from '@chakra-ui/react/input';
import { VERIFICATION_CODE_LENGTH } from '../schemas';
import { FormField } from '../../../components/form/FormField';

interface CodeFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}

/** The emailed verification code (email verification, two-factor sign-in): spaced out, cut to its length. */
export function CodeField({ id, value, onChange, autoFocus = false }: CodeFieldProps) {
  return (
    <FormField id={id} label="Verification code">
      <Input
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, VERIFICATION_CODE_LENGTH))}
        letterSpacing="0.3em"
        textAlign="center"
        fontSize="lg"
        autoFocus={autoFocus}
      />
    </FormField>
  );
}
