import { Field } from '@chakra-ui/react/field';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/**
 * A labelled field of a sign-in island's form: its message element is always in the HTML (hidden while empty), so
 * its style is in the prerendered page's CSS and the island (lib/islands/fields.ts) only fills it in and ties it
 * to the control. `name` is the control's name, which the island finds it by.
 */
export function IslandField({ id, name, label, helper, required = false, children }: { id: string; name: string; label: ReactNode; helper?: ReactNode; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root required={required} ids={{ control: `${id}-control` }}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Text id={`${id}-error`} data-error-for={name} hidden color="fg.error" fontSize="sm" fontWeight="medium" />
    </Field.Root>
  );
}
