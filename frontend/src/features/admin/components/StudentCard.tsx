import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { FiUser } from 'react-icons/fi';
import { Card } from '../../../components/ui/Card';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate } from '../../../lib/format';
import type { AdminStudent } from '../queries';
import { studentBadge } from '../rules';

export function Avatar({ src, name, size = '12' }: { src: string | null; name: string; size?: string }) {
  return src ? (
    <Image src={src} alt={name} boxSize={size} rounded="full" objectFit="cover" />
  ) : (
    <Box boxSize={size} rounded="full" bg="gray.200" display="flex" alignItems="center" justifyContent="center" aria-hidden>
      <FiUser />
    </Box>
  );
}

/** The head every user card shares: picture, name, badge; then lines and View Details. */
export function UserCard({
  picture,
  name,
  badge,
  children,
  onView,
}: {
  picture: string | null;
  name: string;
  badge: ReactNode;
  children: ReactNode;
  onView: () => void;
}) {
  return (
    <Card as="div">
      <Stack gap="3" role="article" aria-label={name}>
        <HStack gap="3" align="center">
          <Avatar src={picture} name={name} />
          <Box flex="1" minW="0">
            <Heading as="h2" size="sm" truncate>
              {name}
            </Heading>
            {badge}
          </Box>
        </HStack>
        <Stack gap="1" fontSize="sm">
          {children}
        </Stack>
        <Button size="sm" variant="outline" onClick={onView} aria-label={`View Details: ${name}`}>
          View Details
        </Button>
      </Stack>
    </Card>
  );
}

export function StudentCard({ student, onView }: { student: AdminStudent; onView: () => void }) {
  return (
    <UserCard picture={student.profilePicture} name={student.name || 'No name'} badge={<StatusBadge status={studentBadge(student.banned)} />} onView={onView}>
      <Text overflowWrap="anywhere">{student.email || 'No email'}</Text>
      {student.phone && <Text>{student.phone}</Text>}
      {student.dateOfBirth && <Text>Born {formatDate(student.dateOfBirth)}</Text>}
      <Text>Email Verified: {student.emailVerified ? 'Verified' : 'Not Verified'}</Text>
      <Text color="fg.muted">Joined {formatDate(student.createdAt)}</Text>
    </UserCard>
  );
}
