import { Checkbox } from '@chakra-ui/react/checkbox';
import { Fieldset } from '@chakra-ui/react/fieldset';
import { HStack } from '@chakra-ui/react/stack';
import { SUBJECT_LEVELS as ACADEMIC_LEVELS } from '@redpen/shared/account-rules';

/** The levels a subject is taught at, as one labelled group of checkboxes (onboarding and tutor profile). */
export function LevelCheckboxes({
  legend,
  value,
  onChange,
  invalid = false,
}: {
  legend: string;
  value: string[];
  onChange: (levels: string[]) => void;
  invalid?: boolean;
}) {
  return (
    <Fieldset.Root invalid={invalid}>
      <Fieldset.Legend fontSize="sm">{legend}</Fieldset.Legend>
      <HStack wrap="wrap" gap="4" mt="1">
        {ACADEMIC_LEVELS.map((level) => (
          <Checkbox.Root
            key={level}
            colorPalette="brand"
            checked={value.includes(level)}
            onCheckedChange={(details) => onChange(details.checked === true ? [...value, level] : value.filter((v) => v !== level))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{level}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </Fieldset.Root>
  );
}
