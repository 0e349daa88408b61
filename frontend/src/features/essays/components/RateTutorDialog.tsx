import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FiStar } from 'react-icons/fi';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField, ProblemText } from '../../../components/form/FormField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { toastSuccess } from '../../../components/ui/toaster';
import type { Essay } from '../essay-rules';
import { useGiveRating } from '../hooks/useEssayMutations';
import { RATING_FEEDBACK_MAX, ratingRules, type RatingValues } from '../schemas';
import { AppDialog } from '../../../components/ui/dialogs';

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

const resolver = rulesResolver(ratingRules);
const RATING_DEFAULTS: RatingValues = { rating: 0, feedback: '' };

export function RateTutorDialog({ essay, open, onClose }: { essay: Essay; open: boolean; onClose: () => void }) {
  const id = useId();
  const give = useGiveRating();
  const {
    control,
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<RatingValues>({ defaultValues: RATING_DEFAULTS, resolver });
  const resetGive = give.reset;
  const values = watch();
  // The counter and the limit's message follow each keystroke: the same rules, read on the typed values.
  const tooLong = ratingRules(values).feedback;

  useEffect(() => {
    if (open) {
      reset(RATING_DEFAULTS);
      resetGive();
    }
  }, [open, reset, resetGive]);

  const submit = handleSubmit(({ rating, feedback: text }) => {
    give.mutate(
      { essayId: essay._id, ratings: rating, feedback: text.trim() || undefined },
      {
        onSuccess: () => {
          toastSuccess('Rating submitted successfully!');
          onClose();
        },
      },
    );
  });

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
          <Button colorPalette="brand" type="submit" form={`${id}-form`} loading={give.isPending} disabled={!!tooLong}>
            Submit Rating
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
          <Text color="fg.muted">How helpful was the review of “{essay.title}”?</Text>
          <Controller
            control={control}
            name="rating"
            render={({ field }) => <StarRating name={`${id}-rating`} value={field.value} onChange={field.onChange} />}
          />
          <ProblemText>{errors.rating?.message}</ProblemText>
          <FormField
            id={`${id}-feedback`}
            label="Feedback (optional)"
            error={tooLong}
            helper={`${values.feedback.length}/${RATING_FEEDBACK_MAX}`}
          >
            <Textarea rows={4} {...register('feedback')} maxLength={RATING_FEEDBACK_MAX} />
          </FormField>
          {give.isError && <FormAlert title={`Failed to submit rating: ${errorMessage(give.error, 'Please try again.')}`} />}
        </Stack>
      </form>
    </AppDialog>
  );
}
