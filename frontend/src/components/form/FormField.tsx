import { Field } from '@chakra-ui/react/field';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  /** Invalid with its problem shown elsewhere (a row's message under the row, see `ProblemText`). */
  invalid?: boolean;
  helper?: ReactNode;
  required?: boolean;
  /**
   * For a form an island runs (lib/islands/fields.ts `showFieldProblem`): the control's name. The field's message
   * element is then always in the HTML, hidden while empty, so its style is in a prerendered page's CSS and the
   * island only fills it in; `error` is not used then.
   */
  islandName?: string;
  /** One Field-aware Chakra control (Input, Textarea, NativeSelect…); Field wires its id, label and aria-* itself. */
  children: ReactNode;
}

/**
 * A labelled field: the label points at the control, and the error (and helper) text is tied to it
 * with aria-describedby by Chakra's Field context (the control must be a Field-aware Chakra control).
 */
export function FormField({ id, label, error, invalid = false, helper, required = false, islandName, children }: FormFieldProps) {
  return (
    <Field.Root id={id} invalid={!!error || invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {islandName && <IslandMessage id={id} islandName={islandName} />}
    </Field.Root>
  );
}

/**
 * A field's message element for a form an island runs (`islandName`, see FormField): always in the HTML, hidden
 * while empty; the island finds it by `data-error-for` and fills it in.
 */
export function IslandMessage({ id, islandName }: { id: string; islandName: string }) {
  return <Text id={`${id}-error`} data-error-for={islandName} hidden color="fg.error" fontSize="sm" fontWeight="medium" />;
}

/**
 * A problem shown outside a Field: a list's (no complete row), a row's (under the row, its fields pointing at it
 * with `aria-describedby`), a checkbox's. Announced when it appears; nothing when there is no problem.
 */
export function ProblemText({ id, children }: { id?: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <Text id={id} color="fg.error" fontSize="sm" role="alert">
      {children}
    </Text>
  );
}
