import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { apiUpload, errorMessage } from '../../../api/client';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { FormField } from '../../../components/form/FormField';
import { useSession } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { FileField } from '../../../components/form/FileField';
import { Card, InfoGrid, StatCard } from '../../../components/ui/Card';
import { IMAGE_ACCEPT } from '../../../lib/files';
import { formatDate } from '../../../lib/format';
import { NotificationSettings } from '../components/NotificationSettings';
import { ProfileHeader, SecurityCard } from '../components/ProfileBits';
import { ProfilePageFrame } from '../components/ProfileFrame';
import { profileKeys, studentFiguresQuery, studentProfileQuery, type StudentProfile } from '../queries';
import { FormActions } from '../../../components/form/FormActions';

interface EditValues {
  major: string;
  university: string;
  bio: string;
  dateOfBirth: string;
  picture: File[];
}

export function StudentProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useSession();
  // The route's loader has the profile (ensureQueryData): the page never renders without it.
  const profile = useSuspenseQuery(studentProfileQuery());
  const figures = useQuery(studentFiguresQuery());
  const [editing, setEditing] = useState(false);

  const student = profile.data;
  const name = student?.userId?.name || user?.name || '';
  const email = student?.userId?.email || user?.email || '';
  // "—" while the figures load or when they cannot: the profile itself still shows.
  const stat = (value: number | string | undefined) => (value === undefined ? '—' : value);

  return (
    <ProfilePageFrame>
      <Card>
        <Stack gap="6">
          <ProfileHeader
            name={name}
            fallbackName="Student"
            email={email}
            picture={student?.profilePicture}
            editLabel="Edit Profile"
            onEdit={editing ? null : () => setEditing(true)}
          />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <StatCard label="Essays Submitted" value={stat(figures.data?.essaysSubmitted)} />
            <StatCard label="Interviews Completed" value={stat(figures.data?.interviewsCompleted)} />
            <StatCard label="Average Percentage" value={stat(figures.data?.averagePercentage)} />
          </SimpleGrid>
        </Stack>
      </Card>
      <Card>
        <Stack gap="5">
          <Heading as="h2" size="lg">
            Personal Information
          </Heading>
          {editing ? (
            <StudentProfileForm student={student ?? {}} onDone={() => setEditing(false)} />
          ) : (
            <InfoGrid
              items={[
                { label: 'Full Name', value: name },
                { label: 'Email', value: email },
                { label: 'Major', value: student?.major },
                { label: 'University', value: student?.university },
                ...(student?.bio ? [{ label: 'Bio', value: student.bio }] : []),
                ...(student?.dateOfBirth ? [{ label: 'Date of Birth', value: formatDate(student.dateOfBirth) }] : []),
              ]}
            />
          )}
        </Stack>
      </Card>
      <SecurityCard />
      <NotificationSettings side="student" />
    </ProfilePageFrame>
  );
}

function StudentProfileForm({ student, onDone }: { student: Partial<StudentProfile>; onDone: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const hasDateOfBirth = !!student.dateOfBirth;
  // No rules: every field is optional and sent only when filled, so no resolver.
  const { register, control, handleSubmit } = useForm<EditValues>({
    defaultValues: { major: student.major ?? '', university: student.university ?? '', bio: student.bio ?? '', dateOfBirth: '', picture: [] },
  });

  const save = useMutation({
    mutationFn: (values: EditValues) => {
      // Only non-empty fields are sent; date of birth only when none is stored.
      const form = new FormData();
      for (const key of ['major', 'university', 'bio'] as const) {
        if (values[key].trim()) form.append(key, values[key].trim());
      }
      if (!hasDateOfBirth && values.dateOfBirth) form.append('dateOfBirth', values.dateOfBirth);
      // The spec's field name for the picture.
      if (values.picture[0]) form.append('files', values.picture[0]);
      return apiUpload('/api/student/updateProfile', form);
    },
    onSuccess: async (response) => {
      toastSuccess(response?.message || 'Profile updated successfully');
      // The profile only: other queries under the same key prefix (the dashboard's figures, once they exist) do not change with it.
      await queryClient.invalidateQueries({ queryKey: profileKeys.student(), exact: true });
      onDone();
    },
    onError: (error) => toastError(errorMessage(error, 'Failed to update profile')),
  });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate aria-label="Edit profile form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField id={`${formId}-major`} label="Major">
            <Input {...register('major')} />
          </FormField>
          <FormField id={`${formId}-university`} label="University">
            <Input {...register('university')} />
          </FormField>
        </SimpleGrid>
        <FormField id={`${formId}-bio`} label="Bio">
          <Textarea rows={4} {...register('bio')} />
        </FormField>
        {!hasDateOfBirth && (
          <FormField id={`${formId}-dob`} label="Date of Birth">
            <Input type="date" {...register('dateOfBirth')} />
          </FormField>
        )}
        <Controller
          control={control}
          name="picture"
          render={({ field }) => (
            <FileField id={`${formId}-picture`} label="Profile Picture" accept={IMAGE_ACCEPT} imagesOnly files={field.value} onChange={field.onChange} />
          )}
        />
        <FormActions onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
