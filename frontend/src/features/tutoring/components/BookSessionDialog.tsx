import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { PURPOSE_MAX_LENGTH } from '@redpen/shared/tutoring';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { AppDialog } from '../../../components/ui/dialogs';
import { useNow } from '../../../lib/hooks/useNow';
import { useBookSession } from '../hooks/useBookSession';
import type { TutorCard } from '../queries';
import { NO_SLOTS_TODAY, bookingDays, bookingRules, localDayKey, slotLabel, type BookingValues } from '../rules';

/**
 * The booking modal: Select Day (the tutor's weekdays with their next date), Select Time (the free
 * slots of that date, in the viewer's time with the GMT range), Purpose; Book Session only when all three are set.
 */
export function BookSessionDialog({ tutor, onClose }: { tutor: TutorCard; onClose: () => void }) {
  const now = useNow(60_000);
  const days = bookingDays(tutor.availabilityLocal, tutor.nextSlots ?? [], now);
  const book = useBookSession();
  const form = useForm<BookingValues>({
    defaultValues: { day: '', slot: '', purpose: '' },
    resolver: rulesResolver(bookingRules),
  });
  const [day, slot, purpose] = form.watch(['day', 'slot', 'purpose']);
  const chosenDay = days.find((d) => d.key === day);
  const ready = !!chosenDay && !!slot && purpose.trim().length > 0;

  const submit = form.handleSubmit((values) => {
    const chosen = chosenDay?.slots.find((s) => s.startTime === values.slot);
    if (chosen)
      book.mutate({
        tutorId: tutor._id,
        purpose: values.purpose.trim(),
        startTime: chosen.startTime,
        endTime: chosen.endTime,
      });
  });

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={book.isPending || book.isSuccess}
      title={`Book a session with ${tutor.fullName}`}
      footer={
        <Button colorPalette="brand" disabled={!ready} loading={book.isPending || book.isSuccess} loadingText="Booking..." onClick={() => void submit()}>
          Book Session
        </Button>
      }
    >
      <Stack gap="4" asChild>
        <form onSubmit={(event) => void submit(event)} noValidate>
          {book.isError && <FormAlert title={`Failed to book session: ${errorMessage(book.error, 'Please try again.')}`} />}
          <SelectField
            id="book-day"
            label="Select Day"
            placeholder="Choose a day"
            options={days.map((d) => ({ value: d.key, label: d.label }))}
            {...form.register('day', {
              onChange: () => form.setValue('slot', ''),
            })}
          />
          {chosenDay && chosenDay.slots.length === 0 ? (
            <Text role="status" color="fg.muted">
              {chosenDay.key === localDayKey(now) ? NO_SLOTS_TODAY : 'No available time slots on this day. Please select another day.'}
            </Text>
          ) : (
            <SelectField
              id="book-time"
              label="Select Time"
              placeholder="Choose a time"
              disabled={!chosenDay}
              options={(chosenDay?.slots ?? []).map((s) => ({
                value: s.startTime,
                label: slotLabel(s),
              }))}
              {...form.register('slot')}
            />
          )}
          <FormField
            id="book-purpose"
            label="Purpose"
            error={form.formState.errors.purpose?.message}
            helper={`What would you like to work on? (up to ${PURPOSE_MAX_LENGTH} characters)`}
          >
            <Textarea {...form.register('purpose')} rows={3} maxLength={PURPOSE_MAX_LENGTH} />
          </FormField>
        </form>
      </Stack>
    </AppDialog>
  );
}
