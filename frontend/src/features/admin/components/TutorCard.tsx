import { HStack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { Tag } from '../../../components/ui/Tag';
import { formatDate } from '../../../lib/format';
import type { AdminTutor } from '../queries';
import { tutorBadge } from '../rules';
import { StarRating } from './AdminBits';
import { UserCard } from './StudentCard';

export function TutorCard({ tutor, onView }: { tutor: AdminTutor; onView: () => void }) {
  return (
    <UserCard picture={tutor.profilePicture} name={tutor.name || 'No name'} badge={<StatusBadge status={tutorBadge(tutor.status)} />} onView={onView}>
      <Text overflowWrap="anywhere">{tutor.email || 'No email'}</Text>
      {tutor.university && <Text>{tutor.university}</Text>}
      {tutor.course && <Text>{tutor.course}</Text>}
      {tutor.StudyLevel && <Text>{tutor.StudyLevel}</Text>}
      {tutor.yearsOfExperience !== null && <Text>{tutor.yearsOfExperience} years experience</Text>}
      <StarRating average={tutor.averageRating} count={tutor.totalRatings} />
      <HStack gap="2">
        {tutor.approved_essay && <Tag tone="green">Essay ✓</Tag>}
        {tutor.approved_tutoring && <Tag tone="blue">Tutoring ✓</Tag>}
      </HStack>
      <Text color="fg.muted">Joined {formatDate(tutor.createdAt)}</Text>
    </UserCard>
  );
}
