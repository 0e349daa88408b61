import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Wrap } from '@chakra-ui/react/wrap';
import { Text } from '@chakra-ui/react/text';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { FormAlert } from '../../../components/form/FormAlert';
import { useSession } from '../../../lib/session';
import { Card, InfoGrid, NOT_PROVIDED, StatCard } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { Tag } from '../../../components/ui/Tag';
import { NotificationSettings } from '../components/NotificationSettings';
import { ProfileHeader, SecurityCard } from '../components/ProfileBits';
import { ProfilePageFrame } from '../components/ProfileFrame';
import { PICTURE_PENDING_NOTICE, TutorProfileForm } from '../components/TutorProfileForm';
import { tutorProfileQuery } from '../queries';

export function TutorProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useSession();
  // The route's loader has the profile (ensureQueryData): the page never renders without it.
  const profile = useSuspenseQuery(tutorProfileQuery());
  const [editing, setEditing] = useState(false);
  const tutor = profile.data;
  const name = tutor?.name || user?.name || '';
  // What the tutor entered: a change waiting for an admin shows as entered, marked as waiting.
  const studyLevel = tutor?.pendingStudyLevel ? `${tutor.pendingStudyLevel} (awaiting approval)` : tutor?.StudyLevel || null;

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
              {/* Only a certificate an admin has verified (hasDBS); one on file and unverified is not "checked". */}
              {tutor?.hasDBS && <Tag tone="blue">DBS checked</Tag>}
            </HStack>
          </ProfileHeader>
          {tutor?.pendingProfilePicture && <FormAlert status="info" title={PICTURE_PENDING_NOTICE} />}
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <StatCard label="Years of Experience" value={tutor?.yearsOfExperience ?? '—'} />
            <StatCard label="Subjects" value={tutor?.subjects?.length ?? 0} />
            <StatCard label="Study Level" value={studyLevel ?? '—'} />
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
                { label: 'Study Level', value: studyLevel },
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
      <NotificationSettings side="tutor" />
    </ProfilePageFrame>
  );
}
