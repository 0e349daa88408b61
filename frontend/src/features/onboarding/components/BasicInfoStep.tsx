import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { FileField } from '../../../components/form/FileField';
import { FormField, ProblemText } from '../../../components/form/FormField';
import { SubjectsEditor } from '../../../components/form/SubjectsEditor';
import type { OnboardingFormState } from '../hooks/useOnboardingForm';
import { IMAGE_ACCEPT, MOTIVATION_MAX } from '../schemas';
import { Section } from './Section';

/** Step 1: profile, education, A-levels and subjects. */
export function BasicInfoStep({ form }: { form: OnboardingFormState }) {
  const { formId, id, err, register, control, errors, aLevels, files, setFile, asList, watched, clearRowErrors } = form;
  const { motivation } = watched;
  return (
      <Stack gap="8">
        <Heading as="h2" size="lg">
          Basic Info
        </Heading>
        <Section title="Profile">
          <FileField
            id={id('profilePicture')}
            label="Profile Picture"
            required
            accept={IMAGE_ACCEPT}
            imagesOnly
            files={asList(files.profilePicture)}
            onChange={setFile('profilePicture')}
            error={err('profilePicture')}
          />
          <FormField id={id('dateOfBirth')} label="Date of Birth" required error={err('dateOfBirth')}>
            <Input type="date" {...register('dateOfBirth')} />
          </FormField>
          <FormField
            id={id('motivation')}
            label="Motivation"
            required
            error={err('motivation')}
            helper={`${motivation.length}/${MOTIVATION_MAX} characters`}
          >
            <Textarea rows={4} maxLength={MOTIVATION_MAX} {...register('motivation')} />
          </FormField>
        </Section>

        <Section title="Education">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField id={id('university')} label="University" required error={err('university')}>
              <Input {...register('university')} />
            </FormField>
            <FormField id={id('course')} label="Course" required error={err('course')}>
              <Input {...register('course')} />
            </FormField>
            <FormField id={id('universityStartDate')} label="University Start Date" required error={err('universityStartDate')}>
              <Input type="date" {...register('universityStartDate')} />
            </FormField>
            <FormField
              id={id('expectedGraduationDate')}
              label="Expected Graduation Date"
              required
              error={err('expectedGraduationDate')}
            >
              <Input type="date" {...register('expectedGraduationDate')} />
            </FormField>
            <FormField
              id={id('aLevelsCompletionDate')}
              label="A-Level Completion Date"
              required
              error={err('aLevelsCompletionDate')}
            >
              <Input type="date" {...register('aLevelsCompletionDate')} />
            </FormField>
          </SimpleGrid>
          <FileField
            id={id('universityDocuments')}
            label="University Documents"
            multiple
            files={files.universityDocuments}
            onChange={setFile('universityDocuments')}
            error={err('universityDocuments')}
          />
          <FileField
            id={id('aLevelsCertificate')}
            label="A-Level Certificate"
            files={asList(files.aLevelsCertificate)}
            onChange={setFile('aLevelsCertificate')}
            error={err('aLevelsCertificate')}
          />
          <FileField
            id={id('gcseDocuments')}
            label="GCSE Documents"
            multiple
            files={files.gcseDocuments}
            onChange={setFile('gcseDocuments')}
            error={err('gcseDocuments')}
          />
        </Section>

        <Section title="A-Levels">
          <ProblemText>{err('aLevels')}</ProblemText>
          {aLevels.fields.map((field, index) => {
            const rowError = err(`aLevels.${index}`);
            const rowErrorId = id(`aLevel-${index}-error`);
            return (
              <Stack key={field.id} gap="1">
                <HStack align="flex-end" gap="3">
                  <Box flex="2">
                    <FormField id={id(`aLevel-${index}-subject`)} label={`A-Level ${index + 1} Subject`} invalid={!!rowError}>
                      <Input {...register(`aLevels.${index}.subject`)} aria-describedby={rowError ? rowErrorId : undefined} />
                    </FormField>
                  </Box>
                  <Box flex="1">
                    <FormField id={id(`aLevel-${index}-grade`)} label={`A-Level ${index + 1} Grade`} invalid={!!rowError}>
                      <Input {...register(`aLevels.${index}.grade`)} aria-describedby={rowError ? rowErrorId : undefined} />
                    </FormField>
                  </Box>
                  {aLevels.fields.length > 1 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        aLevels.remove(index);
                        clearRowErrors('aLevels');
                      }}
                      aria-label={`Remove A-Level ${index + 1}`}
                    >
                      Remove
                    </Button>
                  )}
                </HStack>
                <ProblemText id={rowErrorId}>{rowError}</ProblemText>
              </Stack>
            );
          })}
          <Button variant="outline" size="sm" alignSelf="flex-start" onClick={() => aLevels.append({ subject: '', grade: '' })}>
            Add A-Level
          </Button>
        </Section>

        <Section title="Subjects you can teach">
          <SubjectsEditor
            control={control}
            register={register}
            errors={errors}
            idPrefix={formId}
            onRowRemoved={() => clearRowErrors('subjects')}
          />
        </Section>

        <HStack justify="flex-end">
          {/* The form's submit on this step (`submit` moves on), so Enter in a field does what Next does. */}
          <Button type="submit" colorPalette="brand">
            Next
          </Button>
        </HStack>
      </Stack>
  );
}
