import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TUTORING_STATUSES } from '@redpen/shared/tutoring';
import { Controller, useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { SelectField } from '../../../components/form/SelectField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { rulesResolver } from '../../../components/form/rules-resolver';
import { toastSuccess } from '../../../components/ui/toaster';
import { tutoringApi, tutoringKeys, type TutoringProfile } from '../queries';
import { profileRules, type ProfileValues } from '../rules';
import { AvailabilityGrid } from './AvailabilityGrid';
import { loadErrorDetail } from '../../../components/ui/LoadError';

const STATUS_OPTIONS = TUTORING_STATUSES.map((status) => ({
  value: status,
  label: status,
}));

const toValues = (profile: TutoringProfile): ProfileValues => ({
  subject: profile.subject ?? '',
  hourlyRate: profile.hourlyRatePence === null ? '' : (profile.hourlyRatePence / 100).toFixed(2),
  description: profile.description ?? '',
  status: profile.status,
  availability: profile.availabilityLocal,
});

/** The editable tutoring profile: subject, hourly rate in pounds, description, status and the availability grid. */
export function TutoringProfileForm({ profile }: { profile: TutoringProfile }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues>({
    defaultValues: toValues(profile),
    resolver: rulesResolver(profileRules),
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      tutoringApi.updateProfile({
        ...values,
        subject: values.subject.trim(),
        description: values.description.trim(),
        hourlyRate: Number(values.hourlyRate),
        // The grid is the tutor's wall clock: sent with its zone (without one the server reads UTC slots).
        timeZone: profile.timeZone,
      }),
    onSuccess: (answer) => {
      toastSuccess(answer.message || 'Tutoring profile updated successfully');
      form.reset(toValues(answer.profile));
      void queryClient.invalidateQueries({ queryKey: tutoringKeys.profile() });
    },
  });

  return (
    <Stack gap="4" asChild>
      <form noValidate aria-label="Tutoring profile" onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}>
        {save.isError && <FormAlert title="Failed to update tutoring profile">{loadErrorDetail(save.error)}</FormAlert>}
        <FormField id="tutoring-subject" label="Subject" error={errors.subject?.message} required>
          <Input {...form.register('subject')} />
        </FormField>
        <FormField id="tutoring-rate" label="Hourly rate (£)" error={errors.hourlyRate?.message} required>
          <Input {...form.register('hourlyRate')} inputMode="decimal" />
        </FormField>
        <FormField id="tutoring-description" label="Description" error={errors.description?.message} required>
          <Textarea {...form.register('description')} rows={4} />
        </FormField>
        <SelectField id="tutoring-status" label="Status" options={STATUS_OPTIONS} {...form.register('status')} />
        <Controller
          control={form.control}
          name="availability"
          render={({ field }) => <AvailabilityGrid value={field.value} onChange={field.onChange} timeZone={profile.timeZone} />}
        />
        <SubmitButton loading={save.isPending} loadingText="Saving..." alignSelf="start">
          Save Profile
        </SubmitButton>
      </form>
    </Stack>
  );
}
