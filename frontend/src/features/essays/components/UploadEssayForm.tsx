import { Box } from '@chakra-ui/react/box';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useId } from 'react';
import { ACADEMIC_LEVELS } from '@redpen/shared/essay-levels';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Card } from '../../../components/ui/Card';
import { useUploadEssayForm } from '../hooks/useUploadEssayForm';
import { isAcademicLevel, subjectsFor } from '../upload';
import { FileDropzone } from './FileDropzone';
import { UploadOverlay } from './UploadOverlay';

const LEVEL_OPTIONS = ACADEMIC_LEVELS.map((level) => ({ value: level, label: level }));
const REQUEST_OPTIONS = [
  { value: 'feedback-only', label: 'Feedback Only' },
  { value: 'feedback_model', label: 'Feedback and Model Answer' },
];

/**
 * Step one of the essay upload: the files and the essay's details, checked in the spec's
 * words by the upload's rules, then sent with upload progress. Calls `onUploaded` with the new essay's id.
 */
export function UploadEssayForm({ onUploaded }: { onUploaded: (essayId: string) => void }) {
  const id = useId();
  const { values, set, error, needsWordCount, banner, bannerRef, progress, uploading, submit } = useUploadEssayForm(onUploaded);
  const subjects = subjectsFor(values.academicLevel);

  return (
    <Card>
      <Box position="relative">
        <form
          noValidate
          aria-label="Upload essay"
          // Under the progress overlay nothing can be changed or sent again.
          inert={uploading}
          onSubmit={(event) => void submit(event)}
        >
          <Stack gap="6">
            {banner && (
              <Box ref={bannerRef} tabIndex={-1} outline="none">
                <FormAlert title={banner} />
              </Box>
            )}

            <FileDropzone
              id={`${id}-file`}
              label="Essay File"
              required
              hint="PDF, DOC, DOCX, TXT or an image (JPEG, PNG, GIF, WebP, BMP), up to 10 MB"
              file={values.file}
              onChange={(file) => set('file', file)}
              error={error('file')}
            />
            <FileDropzone
              id={`${id}-scheme`}
              label="Mark Scheme (optional)"
              hint="Same file types, up to 10 MB"
              file={values.markingScheme}
              onChange={(file) => set('markingScheme', file)}
              error={error('markingScheme')}
            />

            {needsWordCount && (
              <FormField
                id={`${id}-wordCount`}
                label="Word Count"
                required
                error={error('wordCount')}
                helper="We cannot count the words of an image or a scan: enter the count of your essay. You can adjust it by up to 10% before confirming."
              >
                <Input inputMode="numeric" value={values.wordCount} onChange={(event) => set('wordCount', event.target.value)} maxW="48" />
              </FormField>
            )}

            <FormField id={`${id}-title`} label="Essay Title" required error={error('title')}>
              <Input value={values.title} maxLength={200} onChange={(event) => set('title', event.target.value)} />
            </FormField>

            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField
                id={`${id}-level`}
                label="Academic Level"
                required
                error={error('academicLevel')}
                placeholder="Select academic level"
                options={LEVEL_OPTIONS}
                value={values.academicLevel}
                onChange={(event) => {
                  const level = event.target.value;
                  const next = isAcademicLevel(level) ? level : '';
                  // A subject of the old level is not on the new level's list.
                  if (!subjectsFor(next).includes(values.subject)) set('subject', '');
                  set('academicLevel', next);
                }}
              />
              <SelectField
                id={`${id}-subject`}
                label="Subject"
                required
                disabled={!values.academicLevel}
                error={error('subject')}
                helper={values.academicLevel ? undefined : 'Choose the academic level first'}
                placeholder="Select subject"
                options={subjects.map((subject) => ({ value: subject, label: subject }))}
                value={values.subject}
                onChange={(event) => set('subject', event.target.value)}
              />
            </SimpleGrid>

            <SelectField
              id={`${id}-request`}
              label="Request Type"
              helper="A model answer adds a surcharge, shown before you confirm."
              options={REQUEST_OPTIONS}
              value={values.studentRequest}
              onChange={(event) => set('studentRequest', event.target.value === 'feedback_model' ? 'feedback_model' : 'feedback-only')}
            />

            <Checkbox.Root checked={values.expedited} onCheckedChange={(details) => set('expedited', details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                Expedited review (within 24 hours){' '}
                <Text as="span" color="fg.muted" fontWeight="normal">
                  — adds a surcharge, shown before you confirm
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>

            <FormField id={`${id}-notes`} label="Additional Notes (optional)" error={error('notes')}>
              <Textarea rows={4} maxLength={2000} value={values.notes} onChange={(event) => set('notes', event.target.value)} />
            </FormField>

            <HStack justify="flex-end">
              <SubmitButton loading={uploading} loadingText="Uploading...">
                Upload Essay
              </SubmitButton>
            </HStack>
          </Stack>
        </form>

        {progress !== null && <UploadOverlay progress={progress} />}
      </Box>
    </Card>
  );
}
