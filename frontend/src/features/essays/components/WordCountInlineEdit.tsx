import { Button } from '@chakra-ui/react/button';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { FormField } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import type { Essay } from '../essay-rules';
import { useUpdateWordCount } from '../hooks/useEssayMutations';
import { inlineWordCountRules, type WordCountValues } from '../schemas';

const resolver = rulesResolver(inlineWordCountRules);

/**
 * The card's inline word-count edit: a whole number within the essay's ±10 % band of the original,
 * "Must be within {low}-{high} words" and Save disabled outside it, the original count as a hint.
 */
export function WordCountInlineEdit({ essay, editable, showLabel = true }: { essay: Essay; editable: boolean; showLabel?: boolean }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const update = useUpdateWordCount();
  const { register, handleSubmit, watch, reset } = useForm<WordCountValues, Essay>({ defaultValues: { wordCount: String(essay.wordCount) }, resolver, context: essay });
  // The problem shows, and Save disables, while the student types: the same rules, read on each keystroke.
  const problem = inlineWordCountRules(watch(), essay).wordCount;

  const start = () => {
    reset({ wordCount: String(essay.wordCount) });
    setEditing(true);
  };

  const save = handleSubmit(({ wordCount }) => {
    update.mutate(
      { essayId: essay._id, wordCount: Number(wordCount.trim()) },
      {
        onSuccess: (result) => {
          toastSuccess(result.message || 'Word count updated successfully');
          setEditing(false);
        },
        onError: (error) => toastError(`Failed to update word count: ${errorMessage(error, 'Please try again.')}`),
      },
    );
  });

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
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <Stack gap="2">
        <FormField id={`${id}-count`} label="Word count" error={problem} helper={`Original: ${essay.originalWordCount.toLocaleString('en-GB')} words`}>
          <Input inputMode="numeric" {...register('wordCount')} maxW="40" size="sm" />
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
