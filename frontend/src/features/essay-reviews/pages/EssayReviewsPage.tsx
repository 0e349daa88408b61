import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { QueryState } from '../../../components/ui/QueryState';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { EssayDetailsDialog } from '../components/EssayDetailsDialog';
import { PayoutDialogs, PayoutLink, payoutNote } from '../components/PayoutDialogs';
import { ReviewEssayCard } from '../components/ReviewEssayCard';
import { useEssayReviewsData, type PayoutsPort } from '../hooks/useEssayReviewsData';
import type { ReviewsFilter } from '../rules';
import type { ReviewsSearch } from '../search';

const FILTERS: { value: ReviewsFilter; label: string }[] = [
  { value: 'all', label: 'All Essays' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

export type { PayoutsPort };

/** /tutor/essay-feedback: the tutor's essays, filtered and searched, with details and Get Paid. */
export function EssayReviewsPage({ search: urlSearch, payouts }: { search: ReviewsSearch; payouts: PayoutsPort }) {
  useDocumentTitle('Essay Reviews');
  const data = useEssayReviewsData(urlSearch, payouts);
  const { essays, now, filter, setFilter, text, setText, shown, waitingPayout, account, accountNotReady, notice, details, setDetails, setPayoutFor } = data;

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Essay Reviews
        </Heading>
        <Text color="fg.muted">Agree word counts, mark your essays and get paid for completed reviews.</Text>
      </Stack>

      {notice && (
        <FormAlert status="success" title={`Payout requested for “${notice.essay.title}”`}>
          {payoutNote(account)} <PayoutLink url={notice.url}>View payout status</PayoutLink>
        </FormAlert>
      )}
      {waitingPayout && accountNotReady && payouts.setup}

      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-end' }} justify="space-between">
        <HStack gap="2" role="group" aria-label="Filter essays" wrap="wrap">
          {FILTERS.map((option) => (
            <Button
              key={option.value}
              size="sm"
              variant={filter === option.value ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </HStack>
        <Stack maxW={{ md: 'xs' }} w="full">
          <FormField id="reviews-search" label="Search">
            <Input type="search" placeholder="Search by title" value={text} onChange={(event) => setText(event.target.value)} />
          </FormField>
        </Stack>
      </Stack>

      <QueryState
        query={essays}
        errorHeadline="Failed to load essays"
        errorInline
        skeleton={<CardGridSkeleton label="Loading your essays" height="64" />}
        empty={
          <Stack align="center" textAlign="center" gap="3" py="12" bg="white" rounded="xl" borderWidth="1px">
            <Heading as="h2" size="md">
              No essays yet
            </Heading>
            <Text color="fg.muted">Accept an essay from the pool to start reviewing.</Text>
            <Button asChild colorPalette="brand">
              <RouterLink to="/tutor/essay-pool">Browse the Essay Pool</RouterLink>
            </Button>
          </Stack>
        }
      >
        {() =>
          shown.length === 0 ? (
            <Stack align="center" textAlign="center" gap="1" py="12" bg="white" rounded="xl" borderWidth="1px">
              <Heading as="h2" size="md">
                No essays found
              </Heading>
              <Text color="fg.muted">Try another filter or search.</Text>
            </Stack>
          ) : (
            <SimpleGrid as="ul" aria-label="Your essays" columns={{ base: 1, md: 2 }} gap="4" m="0" p="0">
              {shown.map((essay) => (
                <ReviewEssayCard key={essay._id} essay={essay} now={now} onDetails={() => setDetails(essay)} onGetPaid={() => setPayoutFor(essay)} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>

      <EssayDetailsDialog essay={details} now={now} onClose={() => setDetails(null)} />

      <PayoutDialogs data={data} />
    </Stack>
  );
}
