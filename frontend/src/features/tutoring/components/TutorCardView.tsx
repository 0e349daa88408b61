import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { formatPounds } from '@redpen/shared/pricing';
import { Tag } from '../../../components/ui/Tag';
import type { TutorCard } from '../queries';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A tutor card: picture, name, subject, university, experience, rate, level, description, rating. */
export function TutorCardView({ tutor, onBook }: { tutor: TutorCard; onBook: () => void }) {
  return (
    <Stack as="article" aria-label={tutor.fullName} gap="3" p="5" bg="bg.panel" rounded="lg" borderWidth="1px">
      <HStack gap="3">
        {tutor.profilePicture ? (
          <Image src={tutor.profilePicture} alt="" boxSize="14" rounded="full" objectFit="cover" />
        ) : (
          <Box boxSize="14" rounded="full" bg="accent.muted" display="flex" alignItems="center" justifyContent="center" fontWeight="bold" aria-hidden>
            {initials(tutor.fullName)}
          </Box>
        )}
        <Stack gap="0">
          <Heading as="h2" size="md">
            {tutor.fullName}
          </Heading>
          <Text color="fg.muted">{tutor.subject ?? 'Tutor'}</Text>
        </Stack>
      </HStack>
      <HStack gap="2" wrap="wrap">
        {tutor.studyLevel && <Tag>{tutor.studyLevel}</Tag>}
        <Text fontSize="sm">{tutor.totalRatings > 0 ? `★ ${tutor.averageRating.toFixed(1)} (${tutor.totalRatings})` : 'No ratings yet'}</Text>
      </HStack>
      <Stack gap="1" fontSize="sm">
        {tutor.university && <Text>{tutor.university}</Text>}
        <Text>{tutor.experience === null ? 'Experience not stated' : `${tutor.experience} years experience`}</Text>
        <Text fontWeight="semibold">{formatPounds(tutor.hourlyRatePence)}/hour</Text>
      </Stack>
      {tutor.description && (
        <Text fontSize="sm" lineClamp={3}>
          {tutor.description}
        </Text>
      )}
      <Button colorPalette="brand" onClick={onBook} mt="auto">
        Book Session
      </Button>
    </Stack>
  );
}
