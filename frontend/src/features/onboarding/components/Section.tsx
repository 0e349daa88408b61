import { Fieldset } from '@chakra-ui/react/fieldset';
import { Stack } from '@chakra-ui/react/stack';
import type { ReactNode } from 'react';

/** A titled group of the onboarding form's fields (a fieldset with its legend). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" mb="2">
        {title}
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="4">{children}</Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
