import { Field } from '@chakra-ui/react/field';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  /** One Field-aware Chakra control (Input, Textarea, NativeSelect…); Field wires its id, label and aria-* itself. */
  children: ReactNode;
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
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && error.trim() !== '' && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
