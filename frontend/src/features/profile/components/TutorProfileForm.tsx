import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MOTIVATION_MAX, STUDY_LEVELS } from '@redpen/shared/account-rules';
import { apiUpload } from '../../../api/client';
import { FileField } from '../../../components/form/FileField';
import { FormField } from '../../../components/form/FormField';
import { flatErrors, rulesResolver } from '../../../components/form/rules-resolver';
import { SelectField } from '../../../components/form/SelectField';
import { SubjectsEditor } from '../../../components/form/SubjectsEditor';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { IMAGE_ACCEPT } from '../../../lib/files';
import { subjectsJson } from '../../../lib/subjects';
import { profileKeys, type TutorProfile } from '../queries';
import { tutorProfileRules, type TutorProfileValues } from '../schemas';
import { FormActions } from '../../../components/form/FormActions';
import { loadErrorDetail } from '../../../components/ui/LoadError';

export const PICTURE_PENDING_NOTICE = 'Your new profile picture is awaiting admin approval.';

const STUDY_LEVEL_OPTIONS = STUDY_LEVELS.map((level) => ({ value: level, label: level }));

const resolver = rulesResolver(tutorProfileRules);

/** The tutor's profile, edited in place; the subjects' rows are checked before sending. */
export function TutorProfileForm({ tutor, onDone }: { tutor: Partial<TutorProfile>; onDone: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const { register, control, handleSubmit, watch, clearErrors, formState } = useForm<TutorProfileValues>({
    defaultValues: {
      university: tutor.university ?? '',
      StudyLevel: tutor.pendingStudyLevel ?? tutor.StudyLevel ?? '',
      yearsOfExperience: tutor.yearsOfExperience != null ? String(tutor.yearsOfExperience) : '',
      motivation: tutor.motivation ?? '',
      subjects: tutor.subjects?.length ? tutor.subjects : [{ name: '', levels: [] }],
      picture: [],
    },
    resolver,
    // The subjects' problems stay until the next Save, as the spec's form has them.
    reValidateMode: 'onSubmit',
  });
  // The subjects editor takes its problems by path: the list's own (`subjects`) or a row's (`subjects.<index>`).
  const subjectProblems = flatErrors(formState.errors);
  const motivation = watch('motivation');

  const save = useMutation({
    mutationFn: (values: TutorProfileValues) => {
      const form = new FormData();
      if (values.university.trim()) form.append('university', values.university.trim());
      if (values.StudyLevel) form.append('StudyLevel', values.StudyLevel);
      if (values.yearsOfExperience !== '') form.append('yearsOfExperience', values.yearsOfExperience);
      if (values.motivation.trim()) form.append('motivation', values.motivation.trim());
      form.append('subjects', subjectsJson(values.subjects));
      if (values.picture[0]) form.append('profilePicture', values.picture[0]);
      return apiUpload('/api/tutor/updateProfile', form);
    },
    onSuccess: async (response, values) => {
      toastSuccess(response?.message || 'Profile updated successfully');
      if (values.picture[0]) toastSuccess(PICTURE_PENDING_NOTICE);
      await queryClient.invalidateQueries({ queryKey: profileKeys.tutor() });
      onDone();
    },
    onError: (error) => toastError('Failed to update profile', loadErrorDetail(error)),
  });

  return (
    <form
      onSubmit={handleSubmit((values) => save.mutate(values))}
      noValidate
      aria-label="Edit tutor profile form"
    >
      <Stack gap="5">
        <Heading as="h2" size="lg">
          Edit Profile
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField id={`${formId}-university`} label="University">
            <Input {...register('university')} />
          </FormField>
          <SelectField id={`${formId}-level`} label="Study Level" placeholder="Select a level" options={STUDY_LEVEL_OPTIONS} {...register('StudyLevel')} />
          <FormField id={`${formId}-years`} label="Years of Experience" error={formState.errors.yearsOfExperience?.message}>
            <Input
              type="number"
              min={0}
              inputMode="numeric"
              {...register('yearsOfExperience')}
            />
          </FormField>
        </SimpleGrid>
        <FormField
          id={`${formId}-motivation`}
          label="Motivation"
          helper={`${motivation.length}/${MOTIVATION_MAX} characters`}
        >
          <Textarea rows={4} maxLength={MOTIVATION_MAX} {...register('motivation')} />
        </FormField>
        <Stack gap="3">
          <Text fontWeight="medium">Subjects</Text>
          <SubjectsEditor
            control={control}
            register={register}
            errors={subjectProblems}
            idPrefix={formId}
            onRowRemoved={() => clearErrors('subjects')}
          />
        </Stack>
        <Controller
          control={control}
          name="picture"
          render={({ field }) => (
            <FileField
              id={`${formId}-picture`}
              label="Profile Picture"
              accept={IMAGE_ACCEPT}
              imagesOnly
              files={field.value}
              onChange={field.onChange}
              helper="JPEG or PNG, up to 5 MB. A new picture is shown after an admin approves it."
            />
          )}
        />
        <FormActions onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
