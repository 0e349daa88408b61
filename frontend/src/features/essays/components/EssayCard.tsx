import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { formatPounds } from '@redpen/shared/pricing';
import { Tag } from '../../../components/ui/Tag';
import { formatDate } from '../../../lib/format';
import { PAYMENT_NOTES, essayActions, essayStatus, tutorCheckNote, type Essay } from '../essay-rules';
import { EssayActions } from './EssayActions';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { EssayTurnLine } from '../../../components/EssayTurnLine';
import { WordCountInlineEdit } from './WordCountInlineEdit';

/** One essay on My Essays: its facts, the actions its state allows, and View Details. */
export function EssayCard({ essay }: { essay: Essay }) {
  const can = essayActions(essay);
  return (
    <Box as="article" aria-label={essay.title} bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="5">
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" truncate>
              {essay.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {essay.subject} · {essay.academicLevel}
            </Text>
          </Stack>
          <HStack gap="2" flexShrink={0}>
            {essay.expedited && <Tag tone="orange">Expedited</Tag>}
            <StatusBadge status={essayStatus(essay.status)} />
          </HStack>
        </HStack>
        <EssayTurnLine essay={essay} />

        <Stack gap="1" fontSize="sm">
          <WordCountInlineEdit essay={essay} editable={can.editWordCount} />
          <Text>
            <Text as="span" color="fg.muted">
              Price:
            </Text>{' '}
            {formatPounds(essay.pricePence)}
            {PAYMENT_NOTES[essay.paymentStatus]}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Request:
            </Text>{' '}
            {essay.studentRequest}
          </Text>
          <Text>
            <Text as="span" color="fg.muted">
              Submitted:
            </Text>{' '}
            {formatDate(essay.createdAt)}
          </Text>
          {essay.state === 'completed' && essay.score !== null && (
            <Text>
              <Text as="span" color="fg.muted">
                Score:
              </Text>{' '}
              {essay.score}/10
            </Text>
          )}
          {essay.tutorName && (
            <Text>
              <Text as="span" color="fg.muted">
                Tutor:
              </Text>{' '}
              {essay.tutorName}
            </Text>
          )}
          {tutorCheckNote(essay) && <Text color="blue.700">{tutorCheckNote(essay)}</Text>}
          {essay.rated && <Text color="green.700">You rated this review{essay.studentRating ? ` ${essay.studentRating.rating}/5` : ''}.</Text>}
          {can.needsConfirmation && (
            <Text color="orange.700">Confirm the word count to send this essay to our tutors.</Text>
          )}
        </Stack>

        <EssayActions essay={essay} />

        <Box>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/student/essay/$essayId" params={{ essayId: essay._id }} aria-label={`View Details of ${essay.title}`}>
              View Details
            </RouterLink>
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
