import { essayPricePence, WORD_COUNT_ADJUST_PERCENT } from '../../shared/pricing.js';

/**
 * The essay rules that are numbers (DESIGN.md §4: one place): the ±10 % word-count band and the price with its
 * surcharges. The lifecycle's state checks live in the repository's guarded statements.
 */

/** The counts a student may confirm: 90 %–110 % of the original, the low end rounded down, the high end up. */
export function wordCountBand(originalWordCount: number): { min: number; max: number } {
  return {
    min: Math.floor((originalWordCount * (100 - WORD_COUNT_ADJUST_PERCENT)) / 100),
    max: Math.ceil((originalWordCount * (100 + WORD_COUNT_ADJUST_PERCENT)) / 100),
  };
}

export function isWithinBand(originalWordCount: number, wordCount: number): boolean {
  const { min, max } = wordCountBand(originalWordCount);
  return Number.isSafeInteger(wordCount) && wordCount >= 1 && wordCount >= min && wordCount <= max;
}

/** Spec part 1 §5, verbatim. */
export function bandMessage(originalWordCount: number): string {
  const { min, max } = wordCountBand(originalWordCount);
  return `Word count must be within ±${WORD_COUNT_ADJUST_PERCENT}% of the original (${min}-${max})`;
}

export interface Surcharges {
  modelAnswerSurchargePence: number;
  expeditedSurchargePence: number;
}

/** What the student pays, in pence: the tiers of `wordCount` plus the surcharges recorded on the essay. */
export function essayTotalPence(wordCount: number, surcharges: Surcharges): number {
  return essayPricePence(wordCount) + surcharges.modelAnswerSurchargePence + surcharges.expeditedSurchargePence;
}

/** DESIGN.md §9: a paid essay not yet marked may be cancelled for a full refund within 24 h of paying. */
export const REFUND_WINDOW_MS = 24 * 60 * 60 * 1000;

/*
 * The essay's clocks as instants (docs/decisions.md "The essay windows come from the server"): the presenter sends
 * them in the EssayDto so the web client never holds a copy of a window, and EssayPayables decides with the same
 * functions. Each is null when its clock does not run in the essay's state.
 */

/**
 * DESIGN.md §9: until when the tutor and the student may agree the word count — the discussion window
 * (WORDCOUNT_WINDOW_SECONDS, 24 h) after acceptance, while the essay is accepted and unpaid. Null otherwise.
 */
export function discussionEndsAt(essay: { status: string; acceptedAt: Date | null }, discussionWindowMs: number): Date | null {
  if (essay.status !== 'accepted' || !essay.acceptedAt) return null;
  return new Date(essay.acceptedAt.getTime() + discussionWindowMs);
}

/**
 * DESIGN.md §9: from when a completed essay may be paid out without the student's acceptance — the payout wait
 * (PAYOUT_ELIGIBILITY_SECONDS, 48 h) after the (last) completion. Null when not completed, when the student
 * accepted (payable at once) or when the tutor is already paid.
 */
export function payoutAvailableAt(
  essay: { status: string; completedAt: Date | null; studentAccept: boolean; tutorPaid: boolean },
  payoutEligibilityMs: number,
): Date | null {
  if (essay.status !== 'completed' || !essay.completedAt || essay.studentAccept || essay.tutorPaid) return null;
  return new Date(essay.completedAt.getTime() + payoutEligibilityMs);
}

/**
 * DESIGN.md §9: until when (inclusive) a paid essay not yet marked may be cancelled for a full refund — the refund
 * window after paying. Null when the essay is not paid-and-unmarked.
 */
export function refundableUntil(essay: { status: string; paidTime: Date | null }, refundWindowMs: number = REFUND_WINDOW_MS): Date | null {
  if (essay.status !== 'paid' || !essay.paidTime) return null;
  return new Date(essay.paidTime.getTime() + refundWindowMs);
}

/** DESIGN.md §9: the marking deadline after payment (MARKING_DEADLINE_SECONDS, 48 h), half of it when expedited. */
export function markingWindows(markingDeadlineMs: number): { standard: number; expedited: number } {
  return { standard: markingDeadlineMs, expedited: Math.floor(markingDeadlineMs / 2) };
}

/**
 * DESIGN.md §9: when the marking is due — a marking deadline after payment (half of it when expedited), or after
 * a revision request; null when nothing is being marked.
 */
export function markingDueAt(
  essay: { status: string; paidTime: Date | null; expedited: boolean; revisionRequestedAt: Date | null },
  markingDeadlineMs: number,
): Date | null {
  const windows = markingWindows(markingDeadlineMs);
  if (essay.status === 'paid' && essay.paidTime) return new Date(essay.paidTime.getTime() + (essay.expedited ? windows.expedited : windows.standard));
  if (essay.status === 'revision_requested' && essay.revisionRequestedAt) return new Date(essay.revisionRequestedAt.getTime() + markingDeadlineMs);
  return null;
}

/**
 * DESIGN.md §9: a revision may be asked for within the revision window (REVISION_WINDOW_SECONDS, 7 days) of the
 * (last) completion, while the student has not accepted it and the tutor is not paid. Null when it cannot.
 */
export function revisionAvailableUntil(
  essay: { status: string; completedAt: Date | null; studentAccept: boolean; tutorPaid: boolean },
  revisionWindowMs: number,
): Date | null {
  if (essay.status !== 'completed' || !essay.completedAt || essay.studentAccept || essay.tutorPaid) return null;
  return new Date(essay.completedAt.getTime() + revisionWindowMs);
}
