import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { toastSuccess } from '../../../components/ui/toaster';
import type { Essay } from '../essay-rules';
import { useUpdateWordCount } from '../hooks/useEssayMutations';
import { updateWordCountRules, type WordCountValues } from '../schemas';
import { AppDialog } from '../../../components/ui/dialogs';

const resolver = rulesResolver(updateWordCountRules);

/**
 * The Update Word Count modal: a number input with minimum 1 and no range check of its own; the
 * server checks the band and its answer ("Word count must be within ±10% of the original (min-max)") shows here.
 */
export function UpdateWordCountDialog({ essay, open, onClose }: { essay: Essay; open: boolean; onClose: () => void }) {
  const id = useId();
  const update = useUpdateWordCount();
  const { register, handleSubmit, watch, reset } = useForm<WordCountValues>({ defaultValues: { wordCount: String(essay.wordCount) }, resolver });
  const resetUpdate = update.reset;
  // Update is disabled while the count is not a number of at least 1: the same rules, read on each keystroke.
  const valid = !updateWordCountRules(watch()).wordCount;

  useEffect(() => {
    if (open) {
      reset({ wordCount: String(essay.wordCount) });
      resetUpdate();
    }
  }, [open, essay.wordCount, reset, resetUpdate]);

  const submit = handleSubmit(({ wordCount }) => {
    update.mutate(
      { essayId: essay._id, wordCount: Number(wordCount) },
      {
        onSuccess: (result) => {
          toastSuccess(result.message || 'Word count updated successfully');
          onClose();
        },
      },
    );
  });

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Update Word Count"
      busy={update.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form={`${id}-form`} disabled={!valid} loading={update.isPending}>
            Update
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <Stack gap="4">
          <FormField id={`${id}-count`} label="Word count" helper={`Original: ${essay.originalWordCount.toLocaleString('en-GB')} words`}>
            <Input type="number" min={1} step={1} {...register('wordCount')} />
          </FormField>
          {update.isError && <FormAlert title={`Failed to update word count: ${errorMessage(update.error, 'Please try again.')}`} />}
        </Stack>
      </form>
    </AppDialog>
  );
}
