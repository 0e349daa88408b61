import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { FiArrowLeft } from 'react-icons/fi';
import { FormAlert } from '../../../components/form/FormAlert';
import { toastError } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatDateTime } from '../../../lib/format';
import { DiscussionActions } from '../components/DiscussionActions';
import { DiscussionChat } from '../components/DiscussionChat';
import { DiscussionCountdown } from '../components/DiscussionCountdown';
import { DiscussionEssayCard } from '../components/DiscussionEssayCard';
import { Skeleton as Bone } from '../../../components/ui/Skeleton';
import { QueryState } from '../../../components/ui/QueryState';
import { useNow } from '../../../lib/hooks/useNow';
import { discussionEssayQuery, essayReviewsKeys } from '../queries';
import { discussionDeadline, isPaid, markingDeadline, type TutorEssay } from '../rules';

/** The essay is read again this often, so a payment made meanwhile shows without a reload. */
const ESSAY_POLL_MS = 15_000;

export const TIME_UP_MESSAGE = 'Time is up: the essay has been returned to the pool.';

/** /tutor/chat/{essayId}: essay details, the countdown to discussionEndsAt, the chat, Cancel Review and Confirm. */
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
      <QueryState
        query={essay}
        errorHeadline="Failed to load the essay"
        errorInline
        errorTitle={
          <Heading as="h1" size="2xl">
            Word Count Discussion
          </Heading>
        }
        notFound={
          <FormAlert title="Essay not found">
            This essay is no longer yours: it may have gone back to the pool.{' '}
            <Link asChild colorPalette="brand" fontWeight="semibold">
              <RouterLink to="/tutor/essay-pool">Go to the Essay Pool</RouterLink>
            </Link>
          </FormAlert>
        }
        skeleton={
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" aria-busy="true" aria-label="Loading the discussion">
            <Bone h="96" rounded="xl" />
            <Bone h="96" rounded="xl" />
          </SimpleGrid>
        }
      >
        {(loaded) => <Discussion essay={loaded} />}
      </QueryState>
    </Stack>
  );
}

/**
 * The time left while the discussion is open (ticking each second). At zero the server returns the essay to the
 * pool: the page says so once and goes to the pool.
 */
function useDiscussionClock(essay: TutorEssay) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = essay.state === 'accepted';
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
  return { open, deadline, remaining };
}

function Discussion({ essay }: { essay: TutorEssay }) {
  const { open, deadline, remaining } = useDiscussionClock(essay);

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
          <DiscussionCountdown remaining={remaining} deadline={deadline} />
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

        <DiscussionEssayCard essay={essay} />
        {open && <DiscussionActions essay={essay} />}
      </Stack>

      <DiscussionChat essay={essay} />
    </SimpleGrid>
  );
}
