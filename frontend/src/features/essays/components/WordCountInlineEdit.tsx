import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { FormField } from '../../../components/form/FormField';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { inlineRangeMessage, wordCountProblem, type Essay } from '../essay-rules';
import { useUpdateWordCount } from '../hooks/useEssayMutations';

/**
 * The card's inline word-count edit (spec part 1 §5): a whole number within the essay's ±10 % band of the original,
 * "Must be within {low}-{high} words" and Save disabled outside it, the original count as a hint.
 */
export function WordCountInlineEdit({ essay, editable, showLabel = true }: { essay: Essay; editable: boolean; showLabel?: boolean }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(essay.wordCount));
  const update = useUpdateWordCount();
  const problem = wordCountProblem(value, essay, inlineRangeMessage(essay));

  const start = () => {
    setValue(String(essay.wordCount));
    setEditing(true);
  };

  const save = () => {
    if (problem) return;
    update.mutate(
      { essayId: essay._id, wordCount: Number(value.trim()) },
      {
        onSuccess: (result) => {
          toastSuccess(result.message || 'Word count updated successfully');
          setEditing(false);
        },
        onError: (error) => toastError(`Failed to update word count: ${errorMessage(error, 'Please try again.')}`),
      },
    );
  };

  if (!editing) {
    return (
      <HStack gap="2">
        <Text as="span">
          {showLabel && (
            <Text as="span" color="fg.muted">
              Word count:{' '}
            </Text>
          )}
          {essay.wordCount.toLocaleString('en-GB')}
        </Text>
        {editable && (
          <Button size="xs" variant="ghost" onClick={start} aria-label={`Edit word count of ${essay.title}`}>
            Edit
          </Button>
        )}
      </HStack>
    );
  }

  return (
    <form
      aria-label={`Word count of ${essay.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack gap="2">
        <FormField id={`${id}-count`} label="Word count" error={problem ?? undefined} helper={`Original: ${essay.originalWordCount.toLocaleString('en-GB')} words`}>
          <Input inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value)} maxW="40" size="sm" />
        </FormField>
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="brand" disabled={!!problem} loading={update.isPending}>
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={() => setEditing(false)} disabled={update.isPending}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
