import type { AppConfig } from '../../config/env.schema.js';
import type { EssayRow } from './essays.schema.js';
import { essayTotalPence, MIN_CHARGE_PENCE, type EssaySurcharges } from '@redpen/shared/pricing';

export { essayTotalPence };

/**
 * The essay rules bound to the API (one place): the price with the surcharges recorded on the essay,
 * and the windows of the essay's clocks, which come from config. The rules the web app applies too (the ±10 %
 * word-count band, the editable states, feedback and file limits) are in shared/src/essay-rules.ts; the lifecycle's
 * state checks live in the repository's guarded statements.
 */

export type Surcharges = EssaySurcharges;

/**
 * An image uploaded without a count: both counts hold this until the accepting tutor sets the real one
 * (the database wants counts above 0), and `wordCountToBeAgreed` says so.
 */
export const PLACEHOLDER_COUNT = 1;

/** The price of an essay whose count is to be agreed: the smallest charge plus the surcharges recorded on it. */
export function minimumPricePence(surcharges: Surcharges): number {
  return MIN_CHARGE_PENCE + surcharges.modelAnswerSurchargePence + surcharges.expeditedSurchargePence;
}

/**
 * The step an accepted, unpaid essay waits on before it may be paid (null: none). A count not read from the document
 * (`wordCountEstimated`, or `wordCountToBeAgreed`: an image, a scan) is the accepting tutor's to set in the
 * discussion ('word-count-not-set' until then; a 1-word estimate would otherwise be paid at 30p and never be set,
 * since the count cannot change once paid). Such an essay (`priceConfirmationRequired`, from upload) is then paid only
 * at a price its student confirmed: 'price-not-confirmed' while the current price is not the one they confirmed
 * (also after the tutor changes the count again). A count read from the document needs neither step.
 */
export function countAgreementStep(
  essay: Pick<EssayRow, 'wordCountToBeAgreed' | 'wordCountEstimated' | 'priceConfirmationRequired' | 'studentConfirmedPricePence' | 'pricePence'>,
): 'word-count-not-set' | 'price-not-confirmed' | null {
  if (essay.wordCountToBeAgreed || essay.wordCountEstimated) return 'word-count-not-set';
  if (essay.priceConfirmationRequired && essay.studentConfirmedPricePence !== essay.pricePence) return 'price-not-confirmed';
  return null;
}

/** A paid essay not yet marked may be cancelled for a full refund within 24 h of paying. */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The essay's windows in milliseconds: the configured ones (WORDCOUNT_WINDOW_SECONDS and the rest) and the fixed refund window. */
export interface EssayWindows {
  discussionMs: number;
  markingMs: number;
  payoutEligibilityMs: number;
  revisionMs: number;
  refundMs: number;
}

export function essayWindows(windows: AppConfig['windows']): EssayWindows {
  return {
    discussionMs: windows.wordCountWindowSeconds * 1000,
    markingMs: windows.markingDeadlineSeconds * 1000,
    payoutEligibilityMs: windows.payoutEligibilitySeconds * 1000,
    revisionMs: windows.revisionWindowSeconds * 1000,
    refundMs: REFUND_WINDOW_MS,
  };
}

/** The marking deadline after payment (MARKING_DEADLINE_SECONDS, 48 h), half of it when expedited. */
export function markingWindows(windows: EssayWindows): { standard: number; expedited: number } {
  return { standard: windows.markingMs, expedited: Math.floor(windows.markingMs / 2) };
}

const after = (start: Date, ms: number) => new Date(start.getTime() + ms);

/**
 * When each of the essay's clocks runs out, from the instant it started: the timers' jobs are due
 * then (essay-timers.service.ts), and the functions below give the same instants gated by the essay's state.
 */
export const clockEnds = {
  /** The word-count discussion (WORDCOUNT_WINDOW_SECONDS, 24 h) after acceptance. */
  discussion: (acceptedAt: Date, windows: EssayWindows) => after(acceptedAt, windows.discussionMs),
  /** The marking deadline after payment; half of it when expedited. */
  marking: (paidTime: Date, expedited: boolean, windows: EssayWindows) => after(paidTime, markingWindows(windows)[expedited ? 'expedited' : 'standard']),
  /** A revision is due a whole marking deadline after it was asked for. */
  revision: (requestedAt: Date, windows: EssayWindows) => after(requestedAt, windows.markingMs),
  /** The payout wait (PAYOUT_ELIGIBILITY_SECONDS, 48 h) after the (last) completion. */
  payoutEligibility: (completedAt: Date, windows: EssayWindows) => after(completedAt, windows.payoutEligibilityMs),
  /** The revision window (REVISION_WINDOW_SECONDS, 7 days) after the first completion (one revision per essay). */
  revisionWindow: (completedAt: Date, windows: EssayWindows) => after(completedAt, windows.revisionMs),
  /** The refund window (24 h) after paying. */
  refund: (paidTime: Date, windows: EssayWindows) => after(paidTime, windows.refundMs),
};

/*
 * The essay's clocks as instants (docs/decisions.md "The essay windows come from the server"): the presenter sends
 * them in the EssayDto so the web client never holds a copy of a window, and EssayPayables decides with the same
 * functions. Each is null when its clock does not run in the essay's state.
 */

/** Until when the tutor and the student may agree the word count: while the essay is accepted and unpaid. */
export function discussionEndsAt(essay: { status: string; acceptedAt: Date | null }, windows: EssayWindows): Date | null {
  if (essay.status !== 'accepted' || !essay.acceptedAt) return null;
  return clockEnds.discussion(essay.acceptedAt, windows);
}

/**
 * From when a completed essay may be paid out without the student's acceptance. Null when not completed, when
 * the student accepted (payable at once) or when the tutor is already paid.
 */
export function payoutAvailableAt(
  essay: { status: string; completedAt: Date | null; studentAccept: boolean; tutorPaid: boolean },
  windows: EssayWindows,
): Date | null {
  if (essay.status !== 'completed' || !essay.completedAt || essay.studentAccept || essay.tutorPaid) return null;
  return clockEnds.payoutEligibility(essay.completedAt, windows);
}

/** Until when (inclusive) a paid essay not yet marked may be cancelled for a full refund; null otherwise. */
export function refundableUntil(essay: { status: string; paidTime: Date | null }, windows: EssayWindows): Date | null {
  if (essay.status !== 'paid' || !essay.paidTime) return null;
  return clockEnds.refund(essay.paidTime, windows);
}

/** When the marking is due, after payment or after a revision request; null when nothing is being marked. */
export function markingDueAt(
  essay: { status: string; paidTime: Date | null; expedited: boolean; revisionRequestedAt: Date | null },
  windows: EssayWindows,
): Date | null {
  if (essay.status === 'paid' && essay.paidTime) return clockEnds.marking(essay.paidTime, essay.expedited, windows);
  if (essay.status === 'revision_requested' && essay.revisionRequestedAt) return clockEnds.revision(essay.revisionRequestedAt, windows);
  return null;
}

/**
 * Until when a revision may be asked for: within the revision window of the first completion, while the student
 * has not accepted it and the tutor is not paid; once per essay, so never after a revision was asked for
 * (the resubmission is final, and its payout clock cannot be paused again). Null when it cannot.
 */
export function revisionAvailableUntil(
  essay: { status: string; completedAt: Date | null; studentAccept: boolean; tutorPaid: boolean; revisionRequestedAt: Date | null },
  windows: EssayWindows,
): Date | null {
  if (essay.status !== 'completed' || !essay.completedAt || essay.studentAccept || essay.tutorPaid || essay.revisionRequestedAt) return null;
  return clockEnds.revisionWindow(essay.completedAt, windows);
}
