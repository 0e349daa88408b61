import { Field } from '@chakra-ui/react/field';
import type { ReactNode } from 'react';

/** Extra attributes for the control; Chakra's Field wires id, label, aria-invalid and aria-describedby itself. */
export type FieldA11y = Record<string, never>;

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  children: (a11y: FieldA11y) => ReactNode;
}

/**
 * A labelled field: the label points at the control, and the error (and helper) text is tied to it
 * with aria-describedby by Chakra's Field context (the control must be a Field-aware Chakra control).
 */
export function FormField({ id, label, error, helper, required = false, children }: FormFieldProps) {
  return (
    <Field.Root id={id} invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children({})}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && error.trim() !== '' && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
