import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { essayReviewsApi, essayReviewsKeys } from '../queries';
import { agreedWordCountRules, type AgreedWordCountValues, type TutorEssay } from '../rules';

const resolver = rulesResolver(agreedWordCountRules);

/** Cancel Review (back to the pool) and Confirm (with an optional agreed count in the ±10 % band). */
export function DiscussionActions({ essay }: { essay: TutorEssay }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, formState } = useForm<AgreedWordCountValues, TutorEssay>({
    defaultValues: { wordCount: '' },
    resolver,
    context: essay,
    // The count's message (the band's, or the server's) stays until the next Confirm.
    reValidateMode: 'onSubmit',
  });
  const problem = formState.errors.wordCount?.message;
  // A count to be agreed, or the student's own, is the tutor's to set once, at any number.
  const setsOwnCount = essay.wordCountToBeAgreed || essay.wordCountEstimated;
  const [asking, setAsking] = useState(false);

  const confirm = useMutation({
    mutationFn: (wordCount?: number) => essayReviewsApi.confirm(essay._id, wordCount),
    onSuccess: async () => {
      toastSuccess('Word count confirmed', 'The student can now pay; you can mark the essay once they have.');
      await queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
      void navigate({ to: '/tutor/essay-feedback/$essayId', params: { essayId: essay._id } });
    },
    onError: (error) => {
      const message = errorMessage(error, 'Could not confirm the word count. Please try again.');
      if (isApiError(error) && error.status === 422) setError('wordCount', { type: 'server', message });
      else toastError('Could not confirm the word count', message);
    },
  });

  const reject = useMutation({
    mutationFn: () => essayReviewsApi.reject(essay._id),
    onSuccess: async (answer) => {
      setAsking(false);
      toastSuccess(answer.message || 'Review cancelled: the essay is back in the pool');
      await queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
      void navigate({ to: '/tutor/essay-pool' });
    },
    onError: (error) => {
      setAsking(false);
      toastError('Could not cancel the review', errorMessage(error, 'Please try again.'));
    },
  });

  const onConfirm = handleSubmit(({ wordCount }) => confirm.mutate(wordCount.trim() === '' ? undefined : Number(wordCount)));

  return (
    <Card>
      <Stack gap="4">
        <Heading as="h2" size="md">
          Agree and confirm
        </Heading>
        {essay.tutorConfirmed && (
          <FormAlert status="success" title="You confirmed the word count">
            The student has been asked to pay. You can confirm again with a different count until they pay.
          </FormAlert>
        )}
        <form
          noValidate
          onSubmit={(event) => void onConfirm(event)}
        >
          <Stack gap="4">
            <FormField
              id="agreed-word-count"
              label="Agreed word count (optional)"
              helper={
                setsOwnCount
                  ? `The count is not read from the document (${essay.wordCountToBeAgreed ? 'none given' : `the student's estimate: ${essay.wordCount}`}). Set the real count once; it reprices the essay.`
                  : `Between ${essay.minWordCount} and ${essay.maxWordCount} words (±10% of the original ${essay.originalWordCount}). Leave empty to keep ${essay.wordCount}.`
              }
              error={problem}
            >
              <Input type="number" inputMode="numeric" min={setsOwnCount ? 1 : essay.minWordCount} max={setsOwnCount ? undefined : essay.maxWordCount} step={1} maxW="48" {...register('wordCount')} />
            </FormField>
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={confirm.isPending}>
                Confirm
              </Button>
              <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)} disabled={confirm.isPending}>
                Cancel Review
              </Button>
            </HStack>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        open={asking}
        onClose={() => !reject.isPending && setAsking(false)}
        onConfirm={() => reject.mutate()}
        pending={reject.isPending}
        danger
        title="Cancel this review?"
        confirmLabel="Yes, cancel review"
        cancelLabel="Keep reviewing"
      >
        <Text>“{essay.title}” goes back to the essay pool for another tutor, and the student is told. This cannot be undone.</Text>
      </ConfirmDialog>
    </Card>
  );
}
