import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { Tag } from '../../../components/ui/Tag';
import { essayWordCount, pounds } from '../format';
import type { TutorEssay } from '../rules';
import { EssayFacts } from './EssayFacts';

/** One available essay in the pool: what it is, what it pays, and Accept. */
export function PoolEssayCard({ essay, accepting, disabled, onAccept }: { essay: TutorEssay; accepting: boolean; disabled: boolean; onAccept: () => void }) {
  const titleId = useId();
  return (
    <Box as="li" listStyleType="none" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="5" h="full">
      <Stack gap="4" h="full">
        <Stack gap="1">
          <Heading as="h2" size="md" id={titleId} lineClamp={2}>
            {essay.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {essay.subject} · {essay.academicLevel}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Tag tone="blue">{essay.studentRequest}</Tag>
          {essay.expedited && <Tag tone="orange">Expedited (24 h)</Tag>}
        </HStack>
        <EssayFacts
          items={[
            { label: 'Word count', value: essayWordCount(essay) },
            { label: 'Student pays', value: pounds(essay.pricePence) },
            ...(essay.tutorEarningsPence !== undefined ? [{ label: 'You earn', value: pounds(essay.tutorEarningsPence) }] : []),
            { label: 'Submitted', value: formatDate(essay.createdAt) },
          ]}
          columns={2}
        />
        {essay.preview && (
          <Stack gap="0.5" fontSize="sm">
            <Text fontWeight="semibold">Opening lines</Text>
            <Text as="blockquote" fontStyle="italic" lineClamp={3} borderStartWidth="3px" borderColor="gray.300" ps="3">
              {essay.preview}
            </Text>
          </Stack>
        )}
        {essay.notes && (
          <Stack gap="0.5" fontSize="sm">
            <Text fontWeight="semibold">Notes from the student</Text>
            <Text whiteSpace="pre-wrap" lineClamp={4}>
              {essay.notes}
            </Text>
          </Stack>
        )}
        <Box mt="auto">
          <Button colorPalette="brand" loading={accepting} loadingText="Accepting..." disabled={disabled} onClick={onAccept} aria-describedby={titleId}>
            Accept Essay
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
