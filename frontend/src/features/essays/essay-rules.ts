/**
 * What a student may do with an essay, and how it is labelled. Pure functions of
 * the essay and the clock, so the cards, the detail page and the tests agree. The server decides again on every
 * call (a guard here only hides a button that would certainly be refused).
 */
import { bandRangeMessage, EDITABLE_ESSAY_STATES, UNPAID_CANCELLABLE_ESSAY_STATES } from '@redpen/shared/essay-rules';
import { essayTotalPence, formatPounds } from '@redpen/shared/pricing';
import type { Schema } from '../../api/client';
import type { StatusLabel, StatusTone } from '../../components/ui/StatusBadge';

export type Essay = Schema<'EssayDto'>;
export type EssayState = Essay['state'];

/** The spec's labels for the server's status (In Progress shows as Under Review, Completed as Reviewed). */
export const STATUS_LABELS: Record<Essay['status'], string> = {
  Pending: 'Pending',
  'In Progress': 'Under Review',
  Completed: 'Reviewed',
  'Revision Requested': 'Revision Requested',
  Cancelled: 'Cancelled',
};

export const STATUS_TONES: Record<Essay['status'], StatusTone> = {
  Pending: 'neutral',
  'In Progress': 'info',
  Completed: 'success',
  'Revision Requested': 'warning',
  Cancelled: 'neutral',
};

/** The status badge of an essay as the student sees it. */
export const essayStatus = (status: Essay['status']): StatusLabel => ({ label: STATUS_LABELS[status], tone: STATUS_TONES[status] });

/** What the price line adds after the amount: paid, refunded (a cancelled paid essay), or nothing yet. */
export const PAYMENT_NOTES: Record<Essay['paymentStatus'], string> = { Pending: '', Paid: ' (paid)', Refunded: ' (refunded)' };

/**
 * Between acceptance and payment the tutor checks the count (and may agree a new one within the band, which
 * reprices): a line telling the student where that stands. Null outside that step.
 */
export function tutorCheckNote(essay: Essay): string | null {
  if (essay.state !== 'accepted') return null;
  const wait = paymentWait(essay);
  if (wait === 'word-count') return "Your file's word count could not be read, so your tutor sets it in the discussion. You can pay once you have confirmed the price it gives.";
  if (wait === 'price') return newPriceNote(essay);
  return essay.tutorConfirmed
    ? 'Your tutor has confirmed the word count: the price is final once paid.'
    : 'Your tutor is checking the word count; the price may change within ±10% of the original count. You can pay once it is agreed.';
}

/** Why Make Payment is not yet offered on an essay whose count was not read from its file. */
export const WAITING_FOR_WORD_COUNT = 'Waiting for your tutor to set the word count';

/**
 * The step an accepted essay waits on before it can be paid, as the server decides it (generatePaymentUrl answers
 * 409 WORD_COUNT_NOT_SET or PRICE_NOT_CONFIRMED): the tutor sets a count that was the student's estimate (or none),
 * then the student confirms the price it gives. Null when nothing is awaited.
 */
export function paymentWait(essay: Pick<Essay, 'state' | 'wordCountToBeAgreed' | 'wordCountEstimated' | 'priceConfirmationNeeded'>): 'word-count' | 'price' | null {
  if (essay.state !== 'accepted') return null;
  if (essay.wordCountToBeAgreed || essay.wordCountEstimated) return 'word-count';
  return essay.priceConfirmationNeeded ? 'price' : null;
}

/** The new price the tutor's count gives, as the student is asked to confirm it. */
export const newPriceNote = (essay: Pick<Essay, 'wordCount' | 'pricePence'>) =>
  `Your tutor set the word count to ${essay.wordCount.toLocaleString('en-GB')} words, so the price is now ${formatPounds(essay.pricePence)}. Confirm the new price to pay.`;

/** `now` is at or before the server's instant (null: the clock does not run in this state). */
function until(instant: string | null, now: number): boolean {
  if (!instant) return false;
  const at = new Date(instant).getTime();
  return Number.isFinite(at) && now <= at;
}

export interface EssayActions {
  /** Inline edit and the Update Word Count modal. */
  editWordCount: boolean;
  /** The count was never confirmed: the essay is not yet in the pool. */
  needsConfirmation: boolean;
  pay: boolean;
  /** The tutor set the count of an estimated essay: the student confirms the new price before paying. */
  confirmPrice: boolean;
  acceptFeedback: boolean;
  requestRevision: boolean;
  /** Cancel; `refund` says it is "Cancel and refund" (paid, unmarked, until the server's `refundableUntil`). */
  cancel: boolean;
  refund: boolean;
  rate: boolean;
}

export function essayActions(essay: Essay, now: number = Date.now()): EssayActions {
  const completed = essay.state === 'completed';
  // The server says until when (24 h after paying, while not marked); the windows are its configuration.
  const paidRecently = essay.state === 'paid' && until(essay.refundableUntil, now);
  const wait = paymentWait(essay);
  return {
    // The word count may change until a tutor accepts (the server's editable states).
    editWordCount: EDITABLE_ESSAY_STATES.includes(essay.state),
    needsConfirmation: essay.state === 'awaiting_confirmation',
    // Only once the count is agreed: paying earlier would fix a price the discussion may still change.
    // And not while the count is an estimate the tutor has not set, nor before the student confirmed its new price.
    pay: essay.state === 'accepted' && essay.paymentStatus === 'Pending' && essay.tutorConfirmed && wait === null,
    confirmPrice: essay.paymentStatus === 'Pending' && wait === 'price',
    acceptFeedback: completed && !essay.student_accept,
    // The server says until when (7 days after the review, while not accepted and the tutor not paid).
    requestRevision: completed && !!essay.revisionAvailableUntil && new Date(essay.revisionAvailableUntil).getTime() > now,
    cancel: UNPAID_CANCELLABLE_ESSAY_STATES.includes(essay.state) || paidRecently,
    refund: paidRecently,
    rate: completed && essay.student_accept && !essay.rated,
  };
}

/**
 * Checks a word count typed by the student against the essay's band (the server's `minWordCount`–`maxWordCount`,
 * ±10 % of the original). Returns the problem, or null when it may be sent.
 */
export function wordCountProblem(value: string, band: { minWordCount: number; maxWordCount: number }, rangeMessage: string): string | null {
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) return 'Word count must be a whole number above 0';
  const count = Number(text);
  if (count < band.minWordCount || count > band.maxWordCount) return rangeMessage;
  return null;
}

/** The card's inline edit's message for a count outside the band. */
export const inlineRangeMessage = (band: { minWordCount: number; maxWordCount: number }) =>
  `Must be within ${band.minWordCount}-${band.maxWordCount} words`;

/** The upload's confirm step's message for the same band (the server's own wording for the same band). */
export const confirmRangeMessage = (band: { minWordCount: number; maxWordCount: number }) =>
  bandRangeMessage({ min: band.minWordCount, max: band.maxWordCount });

/** The surcharges inside an essay's price, itemised ("Model answer + £5.00"); empty without any. */
export function surchargeItems(essay: Pick<Essay, 'modelAnswerSurchargePence' | 'expeditedSurchargePence'>): { label: string; pence: number }[] {
  return [
    ...(essay.modelAnswerSurchargePence > 0 ? [{ label: 'Model answer', pence: essay.modelAnswerSurchargePence }] : []),
    ...(essay.expeditedSurchargePence > 0 ? [{ label: 'Expedited review (24 h)', pence: essay.expeditedSurchargePence }] : []),
  ];
}

/** The surcharges as the price line names them: " (includes model answer £5.00, …)", or nothing without any. */
export function includedSurcharges(essay: Pick<Essay, 'modelAnswerSurchargePence' | 'expeditedSurchargePence'>): string {
  const items = surchargeItems(essay);
  return items.length ? ` (includes ${items.map((item) => `${item.label.toLowerCase()} ${formatPounds(item.pence)}`).join(', ')})` : '';
}

/**
 * The price of the essay at another word count, in pence: the API's rule (shared/src/pricing.ts) with the
 * surcharges the server recorded at upload.
 */
export function priceAtCount(essay: Pick<Essay, 'modelAnswerSurchargePence' | 'expeditedSurchargePence'>, wordCount: number): number {
  return essayTotalPence(wordCount, essay);
}
