import { Box } from '@chakra-ui/react/box';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Progress } from '@chakra-ui/react/progress';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useId, useRef, useState } from 'react';
import { ACADEMIC_LEVELS } from '@redpen/shared/essay-levels';
import { apiUpload, errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Card } from '../../../components/ui/Card';
import {
  EMPTY_UPLOAD,
  UPLOAD_MESSAGES,
  buildUploadForm,
  isAcademicLevel,
  isImageFile,
  subjectsFor,
  validateUpload,
  type UploadErrors,
  type UploadFiles,
  type UploadValues,
} from '../upload';
import { FileDropzone } from './FileDropzone';

const FIELDS = new Set<string>(['file', 'markingScheme', 'title', 'subject', 'academicLevel', 'wordCount', 'notes', 'studentRequest', 'expedited']);

/**
 * Step one of the essay upload (spec part 1 §2, §5): the files and the essay's details, checked here in the spec's
 * words, then sent with upload progress. Calls `onUploaded` with the new essay's id.
 */
export function UploadEssayForm({ onUploaded }: { onUploaded: (essayId: string) => void }) {
  const id = useId();
  const [values, setValues] = useState<UploadValues>(EMPTY_UPLOAD);
  const [files, setFiles] = useState<UploadFiles>({ file: null, markingScheme: null });
  const [errors, setErrors] = useState<UploadErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The API asks for the count of a document it could not read (a scan): then the field shows for any file.
  const [askedForCount, setAskedForCount] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);

  const needsWordCount = isImageFile(files.file) || askedForCount;
  const uploading = progress !== null;
  const subjects = subjectsFor(values.academicLevel);

  const set = <K extends keyof UploadValues>(key: K, value: UploadValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const setFile = (key: keyof UploadFiles) => (file: File | null) => {
    setFiles((current) => ({ ...current, [key]: file }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    if (key === 'file') setAskedForCount(false);
  };

  const showBanner = (message: string) => {
    setBanner(message);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const submit = async () => {
    const found = validateUpload(values, files, { needsWordCount });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setBanner(null);
      return;
    }
    setBanner(null);
    setProgress(0);
    try {
      const result = await apiUpload('/api/student/uploadEssay', buildUploadForm(values, files, { sendWordCount: needsWordCount }), {
        onProgress: setProgress,
      });
      onUploaded(result.essayId);
    } catch (error) {
      setProgress(null);
      const fieldErrors: UploadErrors = {};
      if (isApiError(error)) {
        for (const e of error.errors) if (FIELDS.has(e.field)) fieldErrors[e.field as keyof UploadErrors] ??= e.message;
        if (fieldErrors.wordCount) setAskedForCount(true);
        // A size or type refusal without a field (too many parts, say) concerns the files.
        if (!Object.keys(fieldErrors).length && (error.status === 413 || error.status === 415)) fieldErrors.file = error.message;
      }
      setErrors(fieldErrors);
      if (!Object.keys(fieldErrors).length) showBanner(errorMessage(error, UPLOAD_MESSAGES.failed));
    }
  };

  return (
    <Card>
      <Box position="relative">
        <form
          noValidate
          aria-label="Upload essay"
          // Under the progress overlay nothing can be changed or sent again.
          inert={uploading}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
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
              file={files.file}
              onChange={setFile('file')}
              error={errors.file}
            />
            <FileDropzone
              id={`${id}-scheme`}
              label="Mark Scheme (optional)"
              hint="Same file types, up to 10 MB"
              file={files.markingScheme}
              onChange={setFile('markingScheme')}
              error={errors.markingScheme}
            />

            {needsWordCount && (
              <FormField
                id={`${id}-wordCount`}
                label="Word Count"
                required
                error={errors.wordCount}
                helper="We cannot count the words of an image or a scan: enter the count of your essay. You can adjust it by up to 10% before confirming."
              >
                <Input inputMode="numeric" value={values.wordCount} onChange={(event) => set('wordCount', event.target.value)} maxW="48" />
              </FormField>
            )}

            <FormField id={`${id}-title`} label="Essay Title" required error={errors.title}>
              <Input value={values.title} maxLength={200} onChange={(event) => set('title', event.target.value)} />
            </FormField>

            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField id={`${id}-level`} label="Academic Level" required error={errors.academicLevel}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={values.academicLevel}
                    onChange={(event) => {
                      const level = event.target.value;
                      const next = isAcademicLevel(level) ? level : '';
                      // A subject of the old level is not on the new level's list.
                      if (!subjectsFor(next).includes(values.subject)) set('subject', '');
                      set('academicLevel', next);
                    }}
                  >
                    <option value="">Select academic level</option>
                    {ACADEMIC_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {/* Field.Root itself (not FormField): a field's own `disabled` is what disables its select. */}
              <Field.Root id={`${id}-subject`} required invalid={!!errors.subject} disabled={!values.academicLevel}>
                <Field.Label>
                  Subject
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={values.subject} onChange={(event) => set('subject', event.target.value)}>
                    <option value="">Select subject</option>
                    {subjects.map((subject) => (
                      <option key={subject} value={subject}>
                        {subject}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {!values.academicLevel && <Field.HelperText>Choose the academic level first</Field.HelperText>}
                {errors.subject && <Field.ErrorText>{errors.subject}</Field.ErrorText>}
              </Field.Root>
            </SimpleGrid>

            <FormField id={`${id}-request`} label="Request Type" helper="A model answer adds a surcharge, shown before you confirm.">
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={values.studentRequest}
                  onChange={(event) => set('studentRequest', event.target.value === 'feedback_model' ? 'feedback_model' : 'feedback-only')}
                >
                  <option value="feedback-only">Feedback Only</option>
                  <option value="feedback_model">Feedback and Model Answer</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>

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

            <FormField id={`${id}-notes`} label="Additional Notes (optional)" error={errors.notes}>
              <Textarea rows={4} maxLength={2000} value={values.notes} onChange={(event) => set('notes', event.target.value)} />
            </FormField>

            <HStack justify="flex-end">
              <SubmitButton loading={uploading} loadingText="Uploading...">
                Upload Essay
              </SubmitButton>
            </HStack>
          </Stack>
        </form>

        {uploading && <UploadOverlay progress={progress} />}
      </Box>
    </Card>
  );
}

/** Over the form while the file travels: the percentage and when the essay counts as submitted. */
function UploadOverlay({ progress }: { progress: number }) {
  return (
    <Box position="absolute" inset="0" bg="whiteAlpha.900" rounded="lg" display="flex" alignItems="center" justifyContent="center" p="6">
      <Stack gap="4" maxW="md" w="full" role="status" aria-live="polite">
        <Progress.Root value={progress} colorPalette="brand" aria-label="Upload progress">
          <HStack justify="space-between">
            <Progress.Label>Uploading your essay...</Progress.Label>
            <Progress.ValueText>{progress}%</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" color="fg.muted">
          Your essay will be recorded as uploaded on {new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}. Please keep this page open until the
          upload has finished.
        </Text>
      </Stack>
    </Box>
  );
}
