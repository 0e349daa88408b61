import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useEffect, useId, useState } from 'react';
import { FiStar } from 'react-icons/fi';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { toastSuccess } from '../../../components/ui/toaster';
import type { Essay } from '../essay-rules';
import { useGiveRating } from '../hooks/useEssayMutations';
import { AppDialog } from '../../../components/ui/dialogs';

/** Spec part 1 §5: 1-5 stars (default 5), feedback optional, at most 500 characters with a counter. */
export const RATING_FEEDBACK_MAX = 500;
const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The stars are native radio buttons (visually hidden, one tab stop, arrow keys move the choice), each labelled
 * "N stars"; the drawn star beneath shows the choice and the keyboard focus.
 */
export function StarRating({ value, onChange, name }: { value: number; onChange: (value: number) => void; name: string }) {
  return (
    <Box as="fieldset" border="0" p="0" m="0">
      <Text as="legend" fontWeight="medium" mb="2">
        Rating
      </Text>
      <HStack gap="1">
        {STARS.map((star) => (
          <Box
            as="label"
            key={star}
            // The hidden radio sits under its own star: placed against a far ancestor it could land outside the
            // viewport (a focus that scrolls the dialog, a click that cannot reach it).
            position="relative"
            cursor="pointer"
            color={star <= value ? 'orange.400' : 'gray.300'}
            fontSize="2xl"
            rounded="md"
            p="1"
            css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'var(--chakra-colors-brand-600)' } }}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={star === 1 ? '1 star' : `${star} stars`}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1, margin: 0 }}
            />
            <FiStar aria-hidden fill={star <= value ? 'currentColor' : 'none'} />
          </Box>
        ))}
      </HStack>
    </Box>
  );
}

export function RateTutorDialog({ essay, open, onClose }: { essay: Essay; open: boolean; onClose: () => void }) {
  const id = useId();
  const [rating, setRating] = useState(5);
  const [feedback, setFeedback] = useState('');
  const give = useGiveRating();
  const { reset } = give;

  useEffect(() => {
    if (open) {
      setRating(5);
      setFeedback('');
      reset();
    }
  }, [open, reset]);

  const tooLong = feedback.length > RATING_FEEDBACK_MAX;

  const submit = () => {
    if (tooLong) return;
    give.mutate(
      { essayId: essay._id, ratings: rating, feedback: feedback.trim() || undefined },
      {
        onSuccess: () => {
          toastSuccess('Rating submitted successfully!');
          onClose();
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Rate Tutor"
      busy={give.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={give.isPending}>
            Cancel
          </Button>
          <Button colorPalette="brand" type="submit" form={`${id}-form`} loading={give.isPending} disabled={tooLong}>
            Submit Rating
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
          <Text color="fg.muted">How helpful was the review of “{essay.title}”?</Text>
          <StarRating name={`${id}-rating`} value={rating} onChange={setRating} />
          <FormField
            id={`${id}-feedback`}
            label="Feedback (optional)"
            error={tooLong ? `Feedback must be at most ${RATING_FEEDBACK_MAX} characters` : undefined}
            helper={`${feedback.length}/${RATING_FEEDBACK_MAX}`}
          >
            <Textarea rows={4} value={feedback} onChange={(event) => setFeedback(event.target.value)} maxLength={RATING_FEEDBACK_MAX} />
          </FormField>
          {give.isError && <FormAlert title={`Failed to submit rating: ${errorMessage(give.error, 'Please try again.')}`} />}
        </Stack>
      </form>
    </AppDialog>
  );
}
