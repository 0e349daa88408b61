import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FiArrowLeft } from 'react-icons/fi';
import { errorMessage, isApiError } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { Card } from '../../../components/ui/Card';
import { Tag } from '../../../components/ui/Tag';
import { ConfirmDialog } from '../../../components/ui/dialogs';
import { toastError, toastSuccess } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { DiscussionChat } from '../components/DiscussionChat';
import { EssayFiles } from '../components/EssayDetailsDialog';
import { EssayFacts } from '../components/EssayFacts';
import { Bone } from '../components/Skeletons';
import { StudentNotes } from '../components/StudentNotes';
import { pounds, wordCount } from '../format';
import { useNow } from '../hooks/useNow';
import { useThreadUpdates } from '../hooks/useThreadUpdates';
import { discussionEssayQuery, discussionMessagesQuery, essayReviewsApi, essayReviewsKeys, type DiscussionMessage } from '../queries';
import { DISCUSSION_WARNING_MS, agreedWordCountProblem, discussionDeadline, formatCountdown, isPaid, markingDeadline, type TutorEssay } from '../rules';

/** The essay is read again this often, so a payment made meanwhile shows without a reload. */
const ESSAY_POLL_MS = 15_000;

export const TIME_UP_MESSAGE = 'Time is up: the essay has been returned to the pool.';

/** /tutor/chat/{essayId} (spec part 2 §2, §4): essay details, the countdown to discussionEndsAt, the chat, Cancel Review and Confirm. */
export function WordCountDiscussionPage({ essayId }: { essayId: string }) {
  useDocumentTitle('Word Count Discussion');
  const essay = useQuery({ ...discussionEssayQuery(essayId), refetchInterval: ESSAY_POLL_MS });

  return (
    <Stack gap="6">
      <Link asChild colorPalette="brand" fontWeight="medium" alignSelf="flex-start">
        <RouterLink to="/tutor/essay-feedback">
          <FiArrowLeft aria-hidden /> Back to Essay Reviews
        </RouterLink>
      </Link>
      {essay.isPending ? (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" aria-busy="true" aria-label="Loading the discussion">
          <Bone h="96" rounded="xl" />
          <Bone h="96" rounded="xl" />
        </SimpleGrid>
      ) : essay.isError ? (
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Word Count Discussion
          </Heading>
          {isApiError(essay.error) && essay.error.status === 404 ? (
            <FormAlert title="Essay not found">
              This essay is no longer yours: it may have gone back to the pool.{' '}
              <Link asChild colorPalette="brand" fontWeight="semibold">
                <RouterLink to="/tutor/essay-pool">Go to the Essay Pool</RouterLink>
              </Link>
            </FormAlert>
          ) : (
            <FormAlert title="Failed to load the essay">
              {errorMessage(essay.error, 'Please try again.')}{' '}
              <Button size="xs" variant="outline" onClick={() => void essay.refetch()}>
                Try Again
              </Button>
            </FormAlert>
          )}
        </Stack>
      ) : (
        <Discussion essay={essay.data} />
      )}
    </Stack>
  );
}

function Discussion({ essay }: { essay: TutorEssay }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session, user } = useSession();
  const myId = user?._id ?? '';
  const open = essay.state === 'accepted';

  // The countdown (each second while the discussion is open); at zero the server returns the essay to the pool.
  const now = useNow(1000, open);
  const deadline = discussionDeadline(essay);
  const remaining = deadline === null ? null : deadline - now;
  const expired = open && remaining !== null && remaining <= 0;
  const left = useRef(false);
  useEffect(() => {
    if (!expired || left.current) return;
    left.current = true;
    toastError(TIME_UP_MESSAGE);
    void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
    void navigate({ to: '/tutor/essay-pool' });
  }, [expired, navigate, queryClient]);

  // The student's thread: their messages arrive live on the chat socket; a slow poll covers a socket that is down.
  const studentId = essay.studentId;
  const messages = useQuery({ ...discussionMessagesQuery(studentId ?? ''), enabled: Boolean(studentId) });
  const refetchThread = useCallback(() => void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.messages(studentId ?? '') }), [queryClient, studentId]);
  useThreadUpdates(session?.token, studentId, refetchThread);
  const send = useMutation({
    mutationFn: (content: string) => essayReviewsApi.sendMessage(essay._id, content),
    onSuccess: (message) => {
      queryClient.setQueryData<DiscussionMessage[]>(essayReviewsKeys.messages(message.recipient), (list) =>
        list?.some((m) => m._id === message._id) ? list : [...(list ?? []), message],
      );
    },
    onError: (error) => toastError('Message not sent', errorMessage(error, 'Please try again.')),
  });

  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Stack gap="5">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Word Count Discussion
          </Heading>
          <Text color="fg.muted">
            Agree the word count with {essay.studentName} before the discussion closes, then confirm to start the review.
          </Text>
        </Stack>

        {open ? (
          <Countdown remaining={remaining} deadline={deadline} />
        ) : isPaid(essay) && (essay.state === 'paid' || essay.state === 'revision_requested') ? (
          <FormAlert status="success" title={`Paid — marking due ${formatDateTime(markingDeadline(essay))}`}>
            <Link asChild colorPalette="brand" fontWeight="semibold">
              <RouterLink to="/tutor/essay-feedback/$essayId" params={{ essayId: essay._id }}>
                Mark the essay
              </RouterLink>
            </Link>
          </FormAlert>
        ) : (
          <FormAlert status="info" title={essay.state === 'completed' ? 'This essay has been marked.' : `This essay is ${essay.status.toLowerCase()}.`} />
        )}

        <EssayCard essay={essay} />
        {open && <Actions essay={essay} />}
      </Stack>

      <DiscussionChat
        studentName={essay.studentName}
        myId={myId}
        messages={messages.data}
        loading={Boolean(studentId) && messages.isPending}
        sending={send.isPending}
        onSend={(content) => send.mutateAsync(content)}
      />
    </SimpleGrid>
  );
}

/** The time left to agree (until the server's discussionEndsAt), red with a warning under the last hour. */
function Countdown({ remaining, deadline }: { remaining: number | null; deadline: number | null }) {
  if (remaining === null) return null;
  const urgent = remaining < DISCUSSION_WARNING_MS;
  return (
    <Stack gap="3">
      <Box bg={urgent ? 'red.50' : 'white'} borderWidth="1px" borderColor={urgent ? 'red.300' : 'gray.200'} rounded="xl" p="4">
        <Text fontSize="sm" color="fg.muted">
          Time left to agree the word count
        </Text>
        <Text role="timer" aria-label="Time left" fontSize="3xl" fontWeight="bold" fontVariantNumeric="tabular-nums" color={urgent ? 'red.700' : 'fg'}>
          {formatCountdown(remaining)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Until {formatDateTime(deadline)}
        </Text>
      </Box>
      {urgent && (
        <FormAlert title="Less than 1 hour left">Confirm the word count now: when the timer reaches zero the essay goes back to the pool.</FormAlert>
      )}
    </Stack>
  );
}

function EssayCard({ essay }: { essay: TutorEssay }) {
  return (
    <Card>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {essay.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {essay.subject} · {essay.academicLevel} · {essay.studentName}
          </Text>
          <HStack gap="2" wrap="wrap" pt="1">
            <Tag tone="blue">{essay.studentRequest}</Tag>
            {essay.expedited && <Tag tone="orange">Expedited</Tag>}
            {essay.tutorConfirmed && <Tag tone="green">Word count confirmed</Tag>}
          </HStack>
        </Stack>
        <EssayFacts
          items={[
            { label: 'Word count', value: wordCount(essay.wordCount) },
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

/** Cancel Review (back to the pool) and Confirm (with an optional agreed count in the ±10 % band). */
function Actions({ essay }: { essay: TutorEssay }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [count, setCount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const confirm = useMutation({
    mutationFn: (wordCount?: number) => essayReviewsApi.confirm(essay._id, wordCount),
    onSuccess: async () => {
      toastSuccess('Word count confirmed', 'The student can now pay; you can mark the essay once they have.');
      await queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
      void navigate({ to: '/tutor/essay-feedback/$essayId', params: { essayId: essay._id } });
    },
    onError: (error) => {
      const message = errorMessage(error, 'Could not confirm the word count. Please try again.');
      if (isApiError(error) && error.status === 422) setProblem(message);
      else toastError('Could not confirm the word count', message);
    },
  });

  const reject = useMutation({
    mutationFn: () => essayReviewsApi.reject(essay._id),
    onSuccess: async (answer) => {
      setAsking(false);
      toastSuccess(answer.message || 'Review cancelled: the essay is back in the pool');
      await queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
      void navigate({ to: '/tutor/essay-pool' });
    },
    onError: (error) => {
      setAsking(false);
      toastError('Could not cancel the review', errorMessage(error, 'Please try again.'));
    },
  });

  const onConfirm = () => {
    const found = agreedWordCountProblem(count, essay);
    setProblem(found);
    if (found) return;
    confirm.mutate(count.trim() === '' ? undefined : Number(count));
  };

  return (
    <Card>
      <Stack gap="4">
        <Heading as="h2" size="md">
          Agree and confirm
        </Heading>
        {essay.tutorConfirmed && (
          <FormAlert status="success" title="You confirmed the word count">
            The student has been asked to pay. You can confirm again with a different count until they pay.
          </FormAlert>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <Stack gap="4">
            <FormField
              id="agreed-word-count"
              label="Agreed word count (optional)"
              helper={`Between ${essay.minWordCount} and ${essay.maxWordCount} words (±10% of the original ${essay.originalWordCount}). Leave empty to keep ${essay.wordCount}.`}
              error={problem ?? undefined}
            >
              <Input type="number" inputMode="numeric" min={essay.minWordCount} max={essay.maxWordCount} step={1} maxW="48" value={count} onChange={(event) => setCount(event.target.value)} />
            </FormField>
            <HStack gap="3" wrap="wrap">
              <Button type="submit" colorPalette="brand" loading={confirm.isPending}>
                Confirm
              </Button>
              <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)} disabled={confirm.isPending}>
                Cancel Review
              </Button>
            </HStack>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        open={asking}
        onClose={() => !reject.isPending && setAsking(false)}
        onConfirm={() => reject.mutate()}
        pending={reject.isPending}
        danger
        title="Cancel this review?"
        confirmLabel="Yes, cancel review"
        cancelLabel="Keep reviewing"
      >
        <Text>“{essay.title}” goes back to the essay pool for another tutor, and the student is told. This cannot be undone.</Text>
      </ConfirmDialog>
    </Card>
  );
}
