import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { AppDialog } from '../../../components/ui/dialogs';
import { toastSuccess } from '../../../components/ui/toaster';
import { tutoringApi, tutoringKeys, type TutoringSession } from '../queries';

const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({
  value: String(n),
  label: `${n} star${n === 1 ? '' : 's'}`,
}));
const FEEDBACK_MAX = 500;

/** Rate Session: 1–5 and optional feedback (≤ 500 characters), once; `giveRating` with type session. */
export function RateSessionDialog({ session, onClose }: { session: TutoringSession; onClose: () => void }) {
  const queryClient = useQueryClient();
  // No rating chosen at first: the student picks one.
  const [rating, setRating] = useState('');
  const [tried, setTried] = useState(false);
  const [feedback, setFeedback] = useState('');
  const rate = useMutation({
    mutationFn: () => tutoringApi.rate(session._id, Number(rating), feedback),
    onSuccess: () => {
      toastSuccess('Rating submitted successfully!');
      void queryClient.invalidateQueries({ queryKey: tutoringKeys.sessions() });
      onClose();
    },
  });
  return (
    <AppDialog
      open
      onClose={onClose}
      busy={rate.isPending}
      title="Rate Session"
      footer={
        <Button
          colorPalette="brand"
          loading={rate.isPending}
          onClick={() => {
            setTried(true);
            if (rating) rate.mutate();
          }}
          disabled={feedback.length > FEEDBACK_MAX}
        >
          Submit Rating
        </Button>
      }
    >
      <Stack gap="4">
        {rate.isError && <FormAlert title={`Failed to submit rating: ${errorMessage(rate.error, 'Please try again.')}`} />}
        <SelectField
          id="rate-session-stars"
          label="Rating"
          placeholder="Choose a rating"
          options={RATING_OPTIONS}
          value={rating}
          error={tried && !rating ? 'Choose a rating from 1 to 5 stars' : undefined}
          onChange={(e) => setRating(e.target.value)}
        />
        <FormField id="rate-session-feedback" label="Feedback (optional)" helper={`${feedback.length}/${FEEDBACK_MAX}`}>
          <Textarea value={feedback} maxLength={FEEDBACK_MAX} onChange={(e) => setFeedback(e.target.value)} rows={3} />
        </FormField>
      </Stack>
    </AppDialog>
  );
}
