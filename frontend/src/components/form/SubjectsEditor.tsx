import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Input } from '@chakra-ui/react/input';
import { Controller, useFieldArray, type Control, type FieldValues, type UseFormRegister } from 'react-hook-form';
import { FormField, ProblemText } from './FormField';
import type { StepErrors, SubjectEntry } from '../../lib/subjects';
import { LevelCheckboxes } from './LevelCheckboxes';

interface SubjectsForm {
  subjects: SubjectEntry[];
}

/**
 * The subjects a tutor teaches: a name and its levels per row, rows added and removed. One editor for
 * onboarding and the tutor profile, so both check half-filled rows the same way (`subjectErrors`).
 */
export function SubjectsEditor<T extends FieldValues & SubjectsForm>({
  control,
  register,
  errors,
  idPrefix,
  onRowRemoved,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  /** `subjects` (none complete) and `subjects.<index>` (half-filled row) from `subjectErrors`. */
  errors: StepErrors;
  idPrefix: string;
  /** After a row is removed: row errors are keyed by index, so the parent drops them (react-hook-form's `clearErrors`). */
  onRowRemoved?: () => void;
}) {
  // react-hook-form cannot narrow a generic form to its `subjects` path; the constraint above guarantees it.
  const subjectsControl = control as unknown as Control<SubjectsForm>;
  const registerSubjects = register as unknown as UseFormRegister<SubjectsForm>;
  const rows = useFieldArray({ control: subjectsControl, name: 'subjects' });

  return (
    <Stack gap="3">
      <ProblemText>{errors.subjects}</ProblemText>
      {rows.fields.map((field, index) => {
        const rowError = errors[`subjects.${index}`];
        const rowErrorId = `${idPrefix}-subject-${index}-error`;
        return (
          <Stack key={field.id} gap="2" borderWidth="1px" borderColor="gray.200" rounded="md" p="4">
            <HStack align="flex-end" gap="3">
              <Box flex="1">
                <FormField id={`${idPrefix}-subject-${index}-name`} label={`Subject ${index + 1}`} invalid={!!rowError}>
                  <Input {...registerSubjects(`subjects.${index}.name`)} aria-describedby={rowError ? rowErrorId : undefined} />
                </FormField>
              </Box>
              {rows.fields.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    rows.remove(index);
                    onRowRemoved?.();
                  }}
                  aria-label={`Remove subject ${index + 1}`}
                >
                  Remove
                </Button>
              )}
            </HStack>
            <Controller
              control={subjectsControl}
              name={`subjects.${index}.levels`}
              render={({ field: levels }) => (
                <LevelCheckboxes legend={`Levels for subject ${index + 1}`} value={levels.value} onChange={levels.onChange} invalid={!!rowError} />
              )}
            />
            <ProblemText id={rowErrorId}>{rowError}</ProblemText>
          </Stack>
        );
      })}
      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => rows.append({ name: '', levels: [] })}>
        Add subject
      </Button>
    </Stack>
  );
}
