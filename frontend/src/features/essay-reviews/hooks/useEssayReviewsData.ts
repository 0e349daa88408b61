import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage, type Schema } from '../../../api/client';
import { toastError } from '../../../components/ui/toaster';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue';
import { useNow } from '../../../lib/hooks/useNow';
import { essayReviewsKeys, myEssaysQuery } from '../queries';
import { MESSAGES, isPayoutEligible, matchesReviewsFilter, matchesTitle, type ReviewsFilter, type TutorEssay } from '../rules';
import { validateReviewsSearch, type ReviewsSearch } from '../search';

/** What the page needs from Payments (the route passes it in: a feature does not import another's files). */
export interface PayoutsPort {
  /** `generateTutorPaymentUrl {essayId}`: creates the payout once and answers `/tutor/payment-success?payout_id=…`. */
  request: (essayId: string) => Promise<string>;
  /** The tutor's Stripe payout account, when Payments could tell. */
  account?: Schema<'PayoutAccountStatusDto'>;
  /** Payments' own "Set up payouts" card, shown while a payout is waiting and the account cannot receive it. */
  setup?: ReactNode;
}

/** The badges count down in minutes: a render a minute is enough. */
const BADGE_TICK_MS = 60_000;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /tutor/essay-feedback's data and state: the tutor's essays filtered (URL) and searched (the box, settled into the
 * URL), the minute clock of the badges, and Get Paid (confirm → payout → "Payout requested!" → a notice).
 */
export function useEssayReviewsData(urlSearch: ReviewsSearch, payouts: PayoutsPort) {
  const search = validateReviewsSearch({ ...urlSearch });
  const filter: ReviewsFilter = search.filter ?? 'all';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const essays = useQuery(myEssaysQuery());
  const now = useNow(BADGE_TICK_MS);

  const [text, setText] = useState(search.search ?? '');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
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

  const account = payouts.account;
  return {
    essays,
    now,
    filter,
    setFilter: (value: ReviewsFilter) =>
      void navigate({ to: '/tutor/essay-feedback', search: (prev) => ({ ...prev, filter: value === 'all' ? undefined : value }) }),
    text,
    setText,
    shown: (essays.data ?? []).filter((e) => matchesReviewsFilter(e, filter) && matchesTitle(e, search.search ?? '')),
    waitingPayout: (essays.data ?? []).some((e) => isPayoutEligible(e, now)),
    account,
    accountNotReady: Boolean(account?.available && !account.payoutsEnabled),
    details,
    setDetails,
    payoutFor,
    setPayoutFor,
    payout,
    paidOut,
    notice,
    /** Closing "Payout requested!" leaves its notice on the page. */
    closePaidOut: () => {
      setNotice(paidOut);
      setPaidOut(null);
    },
  };
}

export type EssayReviewsData = ReturnType<typeof useEssayReviewsData>;
