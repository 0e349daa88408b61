import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FEEDBACK_MIN_LENGTH, SCORE_MAX, SCORE_MIN } from '@redpen/shared/essay-rules';
import { errorCode, errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { formatBytes } from '../../../lib/format';
import { essayReviewsApi, essayReviewsKeys } from '../queries';
import { MARKED_FILE_ACCEPT, MESSAGES, markedFileProblem, markedFileRequired, markingRules, type MarkingValues, type TutorEssay } from '../rules';
import { UploadProgress } from '../../../components/form/UploadProgress';

const resolver = rulesResolver(markingRules);

/** The feedback form: score 1–10, feedback ≥ 250 characters, the marked file where needed. */
export function MarkingForm({ essay }: { essay: TutorEssay }) {
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileRequired = markedFileRequired(essay);
  // A revision starts from what the tutor sent last time.
  const { register, handleSubmit, watch, setValue, setError, clearErrors, formState } = useForm<MarkingValues, { fileRequired: boolean }>({
    defaultValues: { score: essay.score ? String(essay.score) : '', feedback: essay.feedback ?? '', file: null },
    resolver,
    context: { fileRequired },
  });
  const feedbackLength = watch('feedback').trim().length;
  const file = watch('file');
  const fileError = formState.errors.file?.message;
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // A file of the wrong type or size is refused as soon as it is chosen (and stops Submit until another is).
  const chooseFile = (picked: File | undefined) => {
    const problem = picked ? markedFileProblem(picked) : null;
    setValue('file', picked ?? null);
    if (problem) {
      setError('file', { type: 'rules', message: problem });
      if (fileInput.current) fileInput.current.value = '';
    } else clearErrors('file');
  };

  const submit = useMutation({
    mutationFn: (values: MarkingValues) =>
      essayReviewsApi.mark({ essayId: essay._id, score: Number(values.score), feedback: values.feedback.trim(), file: values.file }, { onProgress: setProgress }),
    onSuccess: async (response) => {
      toastSuccess(response?.message || 'Essay marked successfully', 'The student has been told their feedback is ready.');
      await queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
      void navigate({ to: '/tutor/essay-feedback' });
    },
    onError: (error) => {
      setProgress(null);
      if (isApiError(error) && error.errors.length) {
        for (const field of ['score', 'feedback'] as const) {
          const message = error.fieldError(field);
          if (message) setError(field, { message });
        }
        const fileMessage = error.fieldError('modelAnswerFile');
        if (fileMessage) setError('file', { type: 'server', message: fileMessage });
      }
      const code = errorCode(error);
      if (code === 'ESSAY_NOT_MARKABLE' || code === 'ESSAY_REFUNDING') void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.essay(essay._id) });
      setFailure(errorMessage(error, MESSAGES.submitFailed));
      // Refused for the essay's state (being refunded, or the tutor's own essay): the toast says why.
      const refusedBecause = code === 'ESSAY_REFUNDING' || code === 'SELF_DEALING' ? errorMessage(error, '') : undefined;
      toastError(MESSAGES.submitFailed, refusedBecause);
    },
  });

  const onSubmit = handleSubmit(
    (values) => {
      setFailure(null);
      submit.mutate(values);
    },
    () => setFailure(null),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Submit feedback">
      <Stack gap="5">
      <FormField id={`${formId}-score`} label={`Score (${SCORE_MIN}-${SCORE_MAX})`} error={formState.errors.score?.message} required>
        <Input type="number" inputMode="numeric" min={SCORE_MIN} max={SCORE_MAX} step={1} maxW="32" {...register('score')} />
      </FormField>

      <FormField
        id={`${formId}-feedback`}
        label="Feedback"
        helper={
          <Text as="span" color={feedbackLength >= FEEDBACK_MIN_LENGTH ? 'green.700' : 'fg.muted'}>
            {feedbackLength}/{FEEDBACK_MIN_LENGTH} characters minimum
          </Text>
        }
        error={formState.errors.feedback?.message}
        required
      >
        <Textarea rows={12} placeholder="What works, what to improve, and how." {...register('feedback')} />
      </FormField>

      <FormField
        id={`${formId}-file`}
        label={fileRequired ? 'Marked essay' : 'Marked essay (optional)'}
        helper={essay.modelURL ? 'PDF, DOC, DOCX or RTF, up to 10MB. Leave empty to keep the file you sent before.' : 'PDF, DOC, DOCX or RTF, up to 10MB.'}
        error={fileError}
        required={fileRequired}
      >
        <Input ref={fileInput} type="file" accept={MARKED_FILE_ACCEPT} p="1.5" onChange={(event) => chooseFile(event.target.files?.[0])} />
      </FormField>
      {file && !fileError && (
        <Text fontSize="sm" color="fg.muted">
          Selected: {file.name} ({formatBytes(file.size)})
        </Text>
      )}

      {progress !== null && (
        <UploadProgress value={progress} label="Submitting your feedback..." />
      )}
      {failure && <FormAlert title={MESSAGES.submitFailed}>{failure !== MESSAGES.submitFailed ? failure : undefined}</FormAlert>}

      <HStack>
        <Button type="submit" colorPalette="brand" loading={submit.isPending} loadingText="Submitting...">
          Submit Feedback
        </Button>
      </HStack>
      </Stack>
    </form>
  );
}
