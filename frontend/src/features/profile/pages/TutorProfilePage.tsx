import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Wrap } from '@chakra-ui/react/wrap';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiUpload, errorMessage } from '../../../api/client';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { FileField } from '../../../components/form/FileField';
import { SubjectsEditor } from '../../../components/form/SubjectsEditor';
import { Card, InfoGrid, NOT_PROVIDED, StatCard } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { Tag } from '../../../components/ui/Tag';
import { IMAGE_ACCEPT } from '../../../lib/files';
import { subjectErrors, subjectsJson, type StepErrors } from '../../../lib/subjects';
import { ProfileHeader, ProfilePageFrame, SecurityCard } from '../components/ProfileBits';
import { profileKeys, tutorProfileQuery, type TutorProfile } from '../queries';
import { MOTIVATION_MAX, STUDY_LEVELS } from '@shared/account-rules';
import { SubmitButton } from '../../../components/form/SubmitButton';

export const PICTURE_PENDING_NOTICE = 'Your new profile picture is awaiting admin approval.';

interface EditValues {
  university: string;
  StudyLevel: string;
  yearsOfExperience: string;
  motivation: string;
  subjects: { name: string; levels: string[] }[];
}

export function TutorProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useSession();
  // The route's loader has the profile (ensureQueryData): the page never renders without it.
  const profile = useSuspenseQuery(tutorProfileQuery());
  const [editing, setEditing] = useState(false);
  const tutor = profile.data;
  const name = tutor?.name || user?.name || '';

  return (
    <ProfilePageFrame>
      <Card>
        <Stack gap="6">
          <ProfileHeader
            name={name}
            fallbackName="Tutor"
            email={tutor?.email || user?.email}
            picture={tutor?.profilePicture}
            editLabel="Edit"
            onEdit={editing ? null : () => setEditing(true)}
          >
            <HStack gap="2" wrap="wrap">
              <StatusBadge tone={tutor?.approved ? 'success' : 'warning'}>{tutor?.approved ? 'Approved' : 'Awaiting approval'}</StatusBadge>
              {tutor?.hasDBS && <Tag tone="blue">DBS checked</Tag>}
            </HStack>
          </ProfileHeader>
          {tutor?.pendingProfilePicture && <FormAlert status="info" title={PICTURE_PENDING_NOTICE} />}
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <StatCard label="Years of Experience" value={tutor?.yearsOfExperience ?? '—'} />
            <StatCard label="Subjects" value={tutor?.subjects?.length ?? 0} />
            <StatCard label="Study Level" value={tutor?.StudyLevel || '—'} />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card>
        {editing ? (
          <TutorProfileForm tutor={tutor ?? {}} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap="6">
            <Heading as="h2" size="lg">
              Academic Information
            </Heading>
            <InfoGrid
              items={[
                { label: 'University', value: tutor?.university },
                { label: 'Study Level', value: tutor?.StudyLevel },
                { label: 'Years of Experience', value: tutor?.yearsOfExperience ?? null },
                { label: 'Motivation', value: tutor?.motivation },
              ]}
            />
            <Heading as="h2" size="lg">
              Subjects
            </Heading>
            {tutor?.subjects?.length ? (
              <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
                {tutor.subjects.map((subject) => (
                  <Box as="li" key={subject.name}>
                    <Text fontWeight="medium">{subject.name}</Text>
                    <Wrap gap="2" mt="1">
                      {subject.levels.map((level) => (
                        <Tag key={level}>{level}</Tag>
                      ))}
                    </Wrap>
                  </Box>
                ))}
              </Stack>
            ) : (
              <Text color="fg.muted">{NOT_PROVIDED}</Text>
            )}
          </Stack>
        )}
      </Card>
      <SecurityCard />
    </ProfilePageFrame>
  );
}

function TutorProfileForm({ tutor, onDone }: { tutor: Partial<TutorProfile>; onDone: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState<File[]>([]);
  const { register, control, handleSubmit, watch, getValues, formState } = useForm<EditValues>({
    defaultValues: {
      university: tutor.university ?? '',
      StudyLevel: tutor.StudyLevel ?? '',
      yearsOfExperience: tutor.yearsOfExperience != null ? String(tutor.yearsOfExperience) : '',
      motivation: tutor.motivation ?? '',
      subjects: tutor.subjects?.length ? tutor.subjects : [{ name: '', levels: [] }],
    },
  });
  const [subjectProblems, setSubjectProblems] = useState<StepErrors>({});
  const motivation = watch('motivation');

  const save = useMutation({
    mutationFn: (values: EditValues) => {
      const form = new FormData();
      if (values.university.trim()) form.append('university', values.university.trim());
      if (values.StudyLevel) form.append('StudyLevel', values.StudyLevel);
      if (values.yearsOfExperience !== '') form.append('yearsOfExperience', values.yearsOfExperience);
      if (values.motivation.trim()) form.append('motivation', values.motivation.trim());
      form.append('subjects', subjectsJson(values.subjects));
      if (picture[0]) form.append('profilePicture', picture[0]);
      return apiUpload('/api/tutor/updateProfile', form);
    },
    onSuccess: async (response) => {
      toastSuccess(response?.message || 'Profile updated successfully');
      if (picture[0]) toastSuccess(PICTURE_PENDING_NOTICE);
      await queryClient.invalidateQueries({ queryKey: profileKeys.tutor() });
      onDone();
    },
    onError: (error) => toastError(errorMessage(error, 'Failed to update profile')),
  });

  return (
    <form
      onSubmit={handleSubmit(
        (values) => {
          // A half-filled subject row is pointed out, never silently dropped.
          const problems = subjectErrors(values.subjects);
          setSubjectProblems(problems);
          if (Object.keys(problems).length === 0) save.mutate(values);
        },
        // The other fields' checks failed: show the subjects' problems in the same pass.
        () => setSubjectProblems(subjectErrors(getValues('subjects'))),
      )}
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
          <FormField id={`${formId}-level`} label="Study Level">
            <NativeSelect.Root>
              <NativeSelect.Field {...register('StudyLevel')}>
                <option value="">Select a level</option>
                {STUDY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField id={`${formId}-years`} label="Years of Experience" error={formState.errors.yearsOfExperience?.message}>
            <Input
              type="number"
              min={0}
              inputMode="numeric"
              {...register('yearsOfExperience', {
                validate: (v) => v === '' || (Number.isInteger(Number(v)) && Number(v) >= 0) || 'Enter a whole number of years',
              })}
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
            onRowRemoved={() => setSubjectProblems({})}
          />
        </Stack>
        <FileField
          id={`${formId}-picture`}
          label="Profile Picture"
          accept={IMAGE_ACCEPT}
          imagesOnly
          files={picture}
          onChange={setPicture}
          helper="JPEG or PNG, up to 5 MB. A new picture is shown after an admin approves it."
        />
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <SubmitButton loading={save.isPending} loadingText="Saving...">
            Save
          </SubmitButton>
        </HStack>
      </Stack>
    </form>
  );
}
