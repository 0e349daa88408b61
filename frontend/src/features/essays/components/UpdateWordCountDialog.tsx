import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { toastSuccess } from '../../../components/ui/toaster';
import type { Essay } from '../essay-rules';
import { useUpdateWordCount } from '../hooks/useEssayMutations';
import { AppDialog } from '../../../components/ui/dialogs';

/**
 * The Update Word Count modal (spec part 1 §5): a number input with minimum 1 and no range check of its own; the
 * server checks the band and its answer ("Word count must be within ±10% of the original (min-max)") shows here.
 */
export function UpdateWordCountDialog({ essay, open, onClose }: { essay: Essay; open: boolean; onClose: () => void }) {
  const id = useId();
  const [value, setValue] = useState(String(essay.wordCount));
  const update = useUpdateWordCount();
  const { reset } = update;

  useEffect(() => {
    if (open) {
      setValue(String(essay.wordCount));
      reset();
    }
  }, [open, essay.wordCount, reset]);

  const count = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(count) && count >= 1;

  const submit = () => {
    if (!valid) return;
    update.mutate(
      { essayId: essay._id, wordCount: count },
      {
        onSuccess: (result) => {
          toastSuccess(result.message || 'Word count updated successfully');
          onClose();
        },
      },
    );
  };

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
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="4">
          <FormField id={`${id}-count`} label="Word count" helper={`Original: ${essay.originalWordCount.toLocaleString('en-GB')} words`}>
            <Input type="number" min={1} step={1} value={value} onChange={(event) => setValue(event.target.value)} />
          </FormField>
          {update.isError && <FormAlert title={`Failed to update word count: ${errorMessage(update.error, 'Please try again.')}`} />}
        </Stack>
      </form>
    </AppDialog>
  );
}
