import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Card } from '../../../components/ui/Card';
import { Tag } from '../../../components/ui/Tag';
import { formatDate, formatDateTime } from '../../../lib/format';
import { essayByline, essayWordCount, pounds, wordCount } from '../format';
import type { TutorEssay } from '../rules';
import { EssayFiles } from './EssayDetailsDialog';
import { EssayFacts } from './EssayFacts';
import { StudentNotes } from './StudentNotes';

/** The essay under discussion: title, request, the counts and the agreeable range, price, dates, notes and files. */
export function DiscussionEssayCard({ essay }: { essay: TutorEssay }) {
  return (
    <Card>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {essay.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {essayByline(essay)}
          </Text>
          <HStack gap="2" wrap="wrap" pt="1">
            <Tag tone="blue">{essay.studentRequest}</Tag>
            {essay.expedited && <Tag tone="orange">Expedited</Tag>}
            {essay.tutorConfirmed && <Tag tone="green">Word count confirmed</Tag>}
          </HStack>
        </Stack>
        <EssayFacts
          items={[
            { label: 'Word count', value: essayWordCount(essay) },
            { label: 'Original count', value: wordCount(essay.originalWordCount) },
            { label: 'Agreeable range', value: `${essay.minWordCount}–${essay.maxWordCount} words` },
            { label: 'Price', value: pounds(essay.pricePence) },
            { label: 'Submitted', value: formatDate(essay.createdAt) },
            { label: 'Accepted', value: formatDateTime(essay.acceptedAt) },
          ]}
        />
        <StudentNotes notes={essay.notes} />
        <EssayFiles essay={essay} />
      </Stack>
    </Card>
  );
}

