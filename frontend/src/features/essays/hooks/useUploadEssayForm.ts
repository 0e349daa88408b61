import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiUpload, errorMessage, isApiError } from '../../../api/client';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { EMPTY_UPLOAD, UPLOAD_MESSAGES, buildUploadForm, isImageFile, validateUpload, type UploadFiles, type UploadValues } from '../upload';

/** The form's values: the details and the two chosen files. */
export type UploadFormValues = UploadValues & UploadFiles;
type UploadField = keyof UploadFormValues;

const FIELDS = new Set<string>(['file', 'markingScheme', 'title', 'subject', 'academicLevel', 'wordCount', 'notes', 'studentRequest', 'expedited']);
const isUploadField = (field: string): field is UploadField => FIELDS.has(field);

/** The upload's rules (`upload.ts`), as react-hook-form's resolver: the word count is asked for only when needed. */
const resolver = rulesResolver((values: UploadFormValues, context: { needsWordCount: boolean }) => validateUpload(values, values, context));

/**
 * Step one of the essay upload: the values (react-hook-form, checked by `validateUpload`),
 * the upload with its progress, and the server's refusals put back on their fields.
 */
export function useUploadEssayForm(onUploaded: (essayId: string) => void) {
  const [banner, setBanner] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The API asks for the count of a document it could not read (a scan): then the field shows for any file.
  const [askedForCount, setAskedForCount] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const context = useRef({ needsWordCount: false });
  const form = useForm<UploadFormValues, { needsWordCount: boolean }>({
    defaultValues: { ...EMPTY_UPLOAD, file: null, markingScheme: null },
    resolver,
    context: context.current,
    // A field's message goes when the field changes, and the rules run again on Upload (as the spec's form does).
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();
  const needsWordCount = isImageFile(values.file) || askedForCount;
  context.current.needsWordCount = needsWordCount;

  /** Sets a value and clears that field's message. */
  const set = <K extends UploadField>(key: K, value: UploadFormValues[K]) => {
    form.setValue(key, value as never);
    form.clearErrors(key);
    if (key === 'file') setAskedForCount(false);
  };

  const showBanner = (message: string) => {
    setBanner(message);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const submit = form.handleSubmit(
    async (checked) => {
      setBanner(null);
      setProgress(0);
      try {
        const result = await apiUpload('/api/student/uploadEssay', buildUploadForm(checked, checked, { sendWordCount: needsWordCount }), {
          onProgress: setProgress,
        });
        onUploaded(result.essayId);
      } catch (error) {
        setProgress(null);
        let onFields = false;
        if (isApiError(error)) {
          for (const problem of error.errors) {
            if (!isUploadField(problem.field) || form.getFieldState(problem.field).error) continue;
            form.setError(problem.field, { type: 'server', message: problem.message });
            onFields = true;
            if (problem.field === 'wordCount') setAskedForCount(true);
          }
          // A size or type refusal without a field (too many parts, say) concerns the files.
          if (!onFields && (error.status === 413 || error.status === 415)) {
            form.setError('file', { type: 'server', message: error.message });
            onFields = true;
          }
        }
        if (!onFields) showBanner(errorMessage(error, UPLOAD_MESSAGES.failed));
      }
    },
    () => setBanner(null),
  );

  const errors = form.formState.errors;
  return {
    values,
    set,
    /** Each field's message, in the spec's words. */
    error: (field: UploadField): string | undefined => errors[field]?.message,
    needsWordCount,
    banner,
    bannerRef,
    progress,
    uploading: progress !== null,
    submit,
  };
}

export type UploadEssayFormState = ReturnType<typeof useUploadEssayForm>;
