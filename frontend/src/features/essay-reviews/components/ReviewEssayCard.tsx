import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { Tag } from '../../../components/ui/Tag';
import { formatDateTime } from '../../../lib/format';
import { essayByline, essayWordCount, pounds } from '../format';
import { discussionDeadline, essayBadge, isPayoutEligible, payoutDate, type TutorEssay } from '../rules';
import { EssayFacts } from './EssayFacts';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { EssayTurnLine } from '../../../components/EssayTurnLine';

interface ReviewEssayCardProps {
  essay: TutorEssay;
  now: number;
  onDetails: () => void;
  onGetPaid: () => void;
}

/** One of the tutor's essays (Essay Reviews): its badge, what happens next, and the way there. */
export function ReviewEssayCard({ essay, now, onDetails, onGetPaid }: ReviewEssayCardProps) {
  const titleId = useId();
  const eligible = isPayoutEligible(essay, now);
  return (
    <Box as="li" listStyleType="none" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="5" h="full">
      <Stack gap="4" h="full">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" id={titleId} lineClamp={2}>
              {essay.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {essayByline(essay)}
            </Text>
          </Stack>
          <StatusBadge status={essayBadge(essay, now)} />
        </HStack>
        <EssayTurnLine essay={essay} now={now} />
        <HStack gap="2" wrap="wrap">
          <Tag tone="blue">{essay.studentRequest}</Tag>
          {essay.expedited && <Tag tone="orange">Expedited</Tag>}
          {essay.tutor_paid && <Tag tone="green">Paid out</Tag>}
        </HStack>
        <EssayFacts
          items={[
            { label: 'Word count', value: essayWordCount(essay) },
            { label: 'Price', value: pounds(essay.pricePence) },
            ...(essay.score !== null ? [{ label: 'Score', value: `${essay.score}/10` }] : []),
          ]}
          columns={3}
        />
        <NextStep essay={essay} eligible={eligible} />
        <HStack gap="2" wrap="wrap" mt="auto">
          <PrimaryAction essay={essay} titleId={titleId} />
          {eligible && (
            // green.700 under white text: 5:1 (Chakra's green solid, green.600, is 3.3:1; WCAG 1.4.3 asks 4.5:1).
            <Button colorPalette="green" bg="green.700" _hover={{ bg: 'green.800' }} onClick={onGetPaid} aria-describedby={titleId}>
              Get Paid{essay.tutorEarningsPence !== undefined ? ` ${pounds(essay.tutorEarningsPence)}` : ''}
            </Button>
          )}
          <Button variant="ghost" onClick={onDetails} aria-describedby={titleId}>
            View Details
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** The tutor's own detail under the shared line: when the payout opens (the shared line says whose move it is). */
function NextStep({ essay, eligible }: { essay: TutorEssay; eligible: boolean }) {
  let text: string | null = null;
  if (essay.state === 'accepted' && essay.tutorConfirmed) {
    text = `If the student has not paid by ${formatDateTime(discussionDeadline(essay))}, the essay returns to the pool.`;
  } else if (essay.state === 'completed' && !essay.tutor_paid && !eligible) {
    text = `You can get paid when the student accepts your feedback, or from ${formatDateTime(payoutDate(essay))}.`;
  }
  return text ? (
    <Text fontSize="sm" color="fg.muted">
      {text}
    </Text>
  ) : null;
}

function PrimaryAction({ essay, titleId }: { essay: TutorEssay; titleId: string }) {
  if (essay.state === 'accepted') {
    return (
      <Button asChild colorPalette="brand" aria-describedby={titleId}>
        <RouterLink to="/tutor/chat/$essayId" params={{ essayId: essay._id }}>
          Open Discussion
        </RouterLink>
      </Button>
    );
  }
  if (essay.state === 'paid' || essay.state === 'revision_requested' || essay.state === 'completed') {
    const marking = essay.state !== 'completed';
    return (
      <Button asChild colorPalette="brand" variant={marking ? 'solid' : 'outline'} aria-describedby={titleId}>
        <RouterLink to="/tutor/essay-feedback/$essayId" params={{ essayId: essay._id }}>
          {marking ? 'Mark Essay' : 'View Feedback'}
        </RouterLink>
      </Button>
    );
  }
  return null;
}
