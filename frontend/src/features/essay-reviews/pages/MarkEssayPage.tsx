import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { FiArrowLeft } from 'react-icons/fi';
import { FormAlert } from '../../../components/form/FormAlert';
import { Card } from '../../../components/ui/Card';
import { Tag } from '../../../components/ui/Tag';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { EssayFacts } from '../components/EssayFacts';
import { EssayFiles } from '../components/EssayDetailsDialog';
import { MarkingForm } from '../components/MarkingForm';
import { Skeleton } from '../../../components/ui/Skeleton';
import { QueryState } from '../../../components/ui/QueryState';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { EssayTurnLine } from '../../../components/EssayTurnLine';
import { StudentNotes } from '../components/StudentNotes';
import { formatDateTime } from '../../../lib/format';
import { essayWordCount, pounds } from '../format';
import { useNow } from '../../../lib/hooks/useNow';
import { tutorEssayQuery } from '../queries';
import { essayBadge, isMarkable, markingDeadline, type TutorEssay } from '../rules';

/** /tutor/essay-feedback/{essayId}: the essay to mark and the feedback form, once it is paid. */
export function MarkEssayPage({ essayId }: { essayId: string }) {
  useDocumentTitle('Mark Essay');
  const essay = useQuery(tutorEssayQuery(essayId));
  const now = useNow(60_000);

  return (
    <Stack gap="6" maxW="4xl">
      <Link asChild colorPalette="brand" fontWeight="medium" alignSelf="flex-start">
        <RouterLink to="/tutor/essay-feedback">
          <FiArrowLeft aria-hidden /> Back to Essay Reviews
        </RouterLink>
      </Link>
      <QueryState
        query={essay}
        errorHeadline="Failed to load the essay"
        errorInline
        errorTitle={
          <Heading as="h1" size="2xl">
            Mark Essay
          </Heading>
        }
        notFound={<FormAlert title="Essay not found">This essay is not one of yours. It may have gone back to the pool.</FormAlert>}
        skeleton={
          <Stack gap="4" aria-busy="true" aria-label="Loading the essay">
            <Skeleton h="9" w="60%" />
            <Skeleton h="40" />
            <Skeleton h="72" />
          </Stack>
        }
      >
        {(loaded) => (
          <>
            <EssaySummary essay={loaded} now={now} />
            <Card>
              <Stack gap="4">
                <Heading as="h2" size="lg">
                  Your Feedback
                </Heading>
                {isMarkable(loaded) ? <MarkingForm key={loaded.updatedAt} essay={loaded} /> : <NotMarkable essay={loaded} />}
              </Stack>
            </Card>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function EssaySummary({ essay, now }: { essay: TutorEssay; now: number }) {
  const due = isMarkable(essay) ? formatDateTime(markingDeadline(essay)) : null;
  return (
    <Stack gap="4">
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl">
            {essay.title}
          </Heading>
          <StatusBadge status={essayBadge(essay, now)} />
        </HStack>
        <Text color="fg.muted">
          {essay.subject} · {essay.academicLevel} · {essay.studentName}
        </Text>
        <EssayTurnLine essay={essay} now={now} />
        <HStack gap="2" wrap="wrap">
          <Tag tone="blue">{essay.studentRequest}</Tag>
          {essay.expedited && <Tag tone="orange">Expedited</Tag>}
        </HStack>
      </Stack>
      {due && <FormAlert status={essay.overdue ? 'error' : 'info'} title={essay.overdue ? `Overdue: the marking was due ${due}` : `Marking due ${due}`} />}
      {essay.state === 'revision_requested' && (
        <FormAlert status="warning" title="The student asked for a revision">
          Update your feedback and send it again{essay.revisionRequestedAt ? ` (requested ${formatDateTime(essay.revisionRequestedAt)})` : ''}.
        </FormAlert>
      )}
      <Card>
        <Stack gap="4">
          <EssayFacts
            items={[
              { label: 'Word count', value: essayWordCount(essay) },
              { label: 'Price', value: pounds(essay.pricePence) },
              { label: 'Submitted', value: formatDateTime(essay.createdAt) },
            ]}
            columns={3}
          />
          <StudentNotes notes={essay.notes} />
          <EssayFiles essay={essay} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** Why the form is not there: the essay is not paid yet, already marked, cancelled, or not taken yet. */
function NotMarkable({ essay }: { essay: TutorEssay }) {
  if (essay.state === 'accepted') {
    return (
      <FormAlert status="info" title="Awaiting payment">
        You can mark this essay once the student has paid for it.{' '}
        {!essay.tutorConfirmed && (
          <Link asChild colorPalette="brand" fontWeight="semibold">
            <RouterLink to="/tutor/chat/$essayId" params={{ essayId: essay._id }}>
              Confirm the word count in the discussion
            </RouterLink>
          </Link>
        )}
      </FormAlert>
    );
  }
  if (essay.state === 'completed') {
    return (
      <Stack gap="4">
        <FormAlert status="success" title="This essay has been completed">
          Your feedback was sent {formatDateTime(essay.completedAt)}.{essay.student_accept ? ' The student has accepted it.' : ''}
        </FormAlert>
        <EssayFacts items={[{ label: 'Score', value: essay.score === null ? '—' : `${essay.score}/10` }]} columns={1} />
        <Stack gap="1">
          <Heading as="h3" size="sm">
            Feedback
          </Heading>
          <Text whiteSpace="pre-wrap" bg="gray.50" p="4" rounded="md" aria-readonly="true">
            {essay.feedback}
          </Text>
        </Stack>
      </Stack>
    );
  }
  if (essay.state === 'cancelled') return <FormAlert status="info" title="This essay was cancelled" />;
  return (
    <FormAlert status="info" title="Not accepted yet">
      Accept this essay from the{' '}
      <Link asChild colorPalette="brand" fontWeight="semibold">
        <RouterLink to="/tutor/essay-pool">Essay Pool</RouterLink>
      </Link>{' '}
      before marking it.
    </FormAlert>
  );
}
