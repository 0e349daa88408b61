import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage, type Schema } from '../../../api/client';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { toastError } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { AppDialog, ConfirmDialog } from '../../../components/ui/dialogs';
import { EssayDetailsDialog } from '../components/EssayDetailsDialog';
import { ReviewEssayCard } from '../components/ReviewEssayCard';
import { CardGridSkeleton } from '../../../components/ui/Skeleton';
import { pounds } from '../format';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { useNow } from '../../../lib/hooks/useNow';
import { essayReviewsKeys, myEssaysQuery } from '../queries';
import { MESSAGES, isPayoutEligible, matchesReviewsFilter, matchesTitle, type ReviewsFilter, type TutorEssay } from '../rules';
import { validateReviewsSearch, type ReviewsSearch } from '../search';

type PayoutAccount = Schema<'PayoutAccountStatusDto'>;

/** What the page needs from Payments (the route passes it in: a feature does not import another's files). */
export interface PayoutsPort {
  /** `generateTutorPaymentUrl {essayId}`: creates the payout once and answers `/tutor/payment-success?payout_id=…`. */
  request: (essayId: string) => Promise<string>;
  /** The tutor's Stripe payout account, when Payments could tell. */
  account?: PayoutAccount;
  /** Payments' own "Set up payouts" card, shown while a payout is waiting and the account cannot receive it. */
  setup?: ReactNode;
}

const FILTERS: { value: ReviewsFilter; label: string }[] = [
  { value: 'all', label: 'All Essays' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

/** The badges count down in minutes: a render a minute is enough. */
const BADGE_TICK_MS = 60_000;

/** /tutor/essay-feedback (spec part 2 §2): the tutor's essays, filtered and searched, with details and Get Paid. */
export function EssayReviewsPage({ search: urlSearch, payouts }: { search: ReviewsSearch; payouts: PayoutsPort }) {
  useDocumentTitle('Essay Reviews');
  const search = validateReviewsSearch({ ...urlSearch });
  const filter: ReviewsFilter = search.filter ?? 'all';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const essays = useQuery(myEssaysQuery());
  const now = useNow(BADGE_TICK_MS);

  const [text, setText] = useState(search.search ?? '');
  const settled = useDebouncedValue(text, 300);
  useEffect(() => {
    const next = settled.trim() ? settled : undefined;
    if (next !== search.search) void navigate({ to: '/tutor/essay-feedback', search: (prev) => ({ ...prev, search: next }), replace: true });
    // Only a settled change of the text moves the URL.
  }, [settled]);

  const [details, setDetails] = useState<TutorEssay | null>(null);
  const [payoutFor, setPayoutFor] = useState<TutorEssay | null>(null);
  const [paidOut, setPaidOut] = useState<{ essay: TutorEssay; url: string } | null>(null);
  const [notice, setNotice] = useState<{ essay: TutorEssay; url: string } | null>(null);

  const payout = useMutation({
    mutationFn: (essay: TutorEssay) => payouts.request(essay._id),
    onSuccess: (url, essay) => {
      setPayoutFor(null);
      setPaidOut({ essay, url });
      void queryClient.invalidateQueries({ queryKey: essayReviewsKeys.all });
    },
    onError: (error) => toastError(MESSAGES.payoutFailed, errorMessage(error, '')),
  });

  const shown = (essays.data ?? []).filter((e) => matchesReviewsFilter(e, filter) && matchesTitle(e, search.search ?? ''));
  const waitingPayout = (essays.data ?? []).some((e) => isPayoutEligible(e, now));
  const account = payouts.account;
  const accountNotReady = Boolean(account?.available && !account.payoutsEnabled);

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
              onClick={() =>
                void navigate({ to: '/tutor/essay-feedback', search: (prev) => ({ ...prev, filter: option.value === 'all' ? undefined : option.value }) })
              }
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

      {essays.isPending ? (
        <CardGridSkeleton label="Loading your essays" height="64" />
      ) : essays.isError ? (
        <FormAlert title="Failed to load essays">
          {errorMessage(essays.error, 'Please try again.')}{' '}
          <Button size="xs" variant="outline" onClick={() => void essays.refetch()}>
            Try Again
          </Button>
        </FormAlert>
      ) : essays.data.length === 0 ? (
        <Stack align="center" textAlign="center" gap="3" py="12" bg="white" rounded="xl" borderWidth="1px">
          <Heading as="h2" size="md">
            No essays yet
          </Heading>
          <Text color="fg.muted">Accept an essay from the pool to start reviewing.</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/tutor/essay-pool">Browse the Essay Pool</RouterLink>
          </Button>
        </Stack>
      ) : shown.length === 0 ? (
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
      )}

      <EssayDetailsDialog essay={details} now={now} onClose={() => setDetails(null)} />

      <ConfirmDialog
        open={payoutFor !== null}
        onClose={() => !payout.isPending && setPayoutFor(null)}
        onConfirm={() => payoutFor && payout.mutate(payoutFor)}
        pending={payout.isPending}
        title="Get paid for this review?"
        confirmLabel="Yes, get paid"
      >
        <Stack gap="3">
          <Text>
            Request your payout for “{payoutFor?.title}” (essay price {payoutFor ? pounds(payoutFor.price) : ''}; you receive your share after the
            platform commission). A payout is made once per essay.
          </Text>
          {accountNotReady && (
            <FormAlert status="warning" title="Payouts are not set up">
              Without a payout account this payout is recorded and paid to you by our team.{' '}
              <Link asChild colorPalette="brand" fontWeight="semibold">
                <RouterLink to="/tutor/profile">Set up payouts on your profile</RouterLink>
              </Link>
            </FormAlert>
          )}
        </Stack>
      </ConfirmDialog>

      <AppDialog
        open={paidOut !== null}
        onClose={() => {
          setNotice(paidOut);
          setPaidOut(null);
        }}
        title="Payout requested!"
        footer={
          <>
            <Button
              variant="outline"
              onClick={() => {
                setNotice(paidOut);
                setPaidOut(null);
              }}
            >
              Close
            </Button>
            {paidOut && (
              <Button colorPalette="brand" onClick={() => void navigate({ to: '/tutor/payment-success', search: { payout_id: payoutIdOf(paidOut.url) } })}>
                View payout status
              </Button>
            )}
          </>
        }
      >
        <Text>Your payout for “{paidOut?.essay.title}” has been created. Thank you for your review!</Text>
      </AppDialog>
    </Stack>
  );
}

/** The payout's status page (`/tutor/payment-success?payout_id=…`, Payments' page), as a router link. */
function PayoutLink({ url, children }: { url: string; children: ReactNode }) {
  return (
    <RouterLink to="/tutor/payment-success" search={{ payout_id: payoutIdOf(url) }} style={{ textDecoration: 'underline', fontWeight: 600 }}>
      {children}
    </RouterLink>
  );
}

/** Where the money goes (DESIGN.md §9): a Stripe transfer when the tutor's account takes payouts, else a recorded payout. */
function payoutNote(account: PayoutAccount | undefined): string {
  if (account?.available && account.payoutsEnabled) return 'It is on its way to your bank account through Stripe; transfers usually arrive within a few business days.';
  if (account?.available) return 'It is recorded and our team will pay it to you. Set up payouts on your profile to be paid straight to your bank account next time.';
  return 'It is recorded and our team will pay it to you.';
}

const payoutIdOf = (url: string): string | undefined => new URL(url, 'http://localhost').searchParams.get('payout_id') ?? undefined;
