/**
 * The tutor side's essay rules as the screens apply them: clocks, the
 * card badge, payout eligibility and the marking form's checks. Pure functions of an essay and "now", so the
 * pages and their tests share one definition. The API enforces every one of them again.
 */
import {
  bandRangeMessage,
  ESSAY_FILE_MAX_BYTES as MARKED_FILE_MAX_BYTES,
  FEEDBACK_MIN_LENGTH,
  FEEDBACK_TOO_SHORT_MESSAGE,
  MARKED_FILE_TYPES_LABEL,
  SCORE_MAX,
  SCORE_MESSAGE,
  SCORE_MIN,
} from '@redpen/shared/essay-rules';
import type { Schema } from '../../api/client';
import type { StatusLabel } from '../../components/ui/StatusBadge';

export type TutorEssay = Schema<'EssayDto'>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/*
 * The windows themselves (discussion, marking, payout wait) are the server's configuration: it sends each clock as
 * an instant on the essay (`discussionEndsAt`, `markingDueAt`, `payoutAvailableAt`), so no copy of a window lives
 * here. Only the display rule stays: the discussion's red warning in its last hour.
 */
export const DISCUSSION_WARNING_MS = HOUR_MS;

export const MARKED_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.rtf'] as const;
export const MARKED_FILE_ACCEPT = [
  ...MARKED_FILE_EXTENSIONS,
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'text/rtf',
].join(',');

/** The spec's texts and the API's own where the spec gives none. */
export const MESSAGES = {
  feedbackTooShort: FEEDBACK_TOO_SHORT_MESSAGE,
  score: SCORE_MESSAGE,
  fileRequired: 'You must upload a marked essay file to continue.',
  fileType: `Allowed file types: ${MARKED_FILE_TYPES_LABEL}`,
  fileSize: 'File size must be less than 10 MB',
  submitFailed: 'Failed to submit feedback. Please try again.',
  acceptFailed: 'Failed to accept essay. Please try again.',
  alreadyAccepted: 'Another tutor has already accepted this essay',
  payoutFailed: 'Failed to generate payment URL. Please try again.',
  wordCountWhole: 'Word count must be a whole number above 0',
} as const;

const time = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/** When the word-count discussion closes: the server's `discussionEndsAt`; null when the essay is not in it. */
export function discussionDeadline(essay: Pick<TutorEssay, 'discussionEndsAt'>): number | null {
  return time(essay.discussionEndsAt);
}

/** When the marking is due: the server's `markingDueAt` (after payment, or a revision request); null otherwise. */
export function markingDeadline(essay: Pick<TutorEssay, 'markingDueAt'>): number | null {
  return time(essay.markingDueAt);
}

/** Paid for: the discussion is over and the marking clock runs. */
export function isPaid(essay: Pick<TutorEssay, 'paymentStatus'>): boolean {
  return essay.paymentStatus === 'Paid';
}

/** The essay can be marked now: paid and not yet marked, or sent back for a revision. */
export function isMarkable(essay: Pick<TutorEssay, 'state'>): boolean {
  return essay.state === 'paid' || essay.state === 'revision_requested';
}

/** When a completed essay becomes payable without the student's acceptance: the server's `payoutAvailableAt`. */
export function payoutDate(essay: Pick<TutorEssay, 'payoutAvailableAt'>): number | null {
  return time(essay.payoutAvailableAt);
}

/**
 * Get Paid shows when the essay is completed, not yet paid out, and accepted by the student or past the server's
 * `payoutAvailableAt` (the server allows it from that instant on).
 */
export function isPayoutEligible(essay: Pick<TutorEssay, 'state' | 'tutor_paid' | 'student_accept' | 'payoutAvailableAt'>, now: number): boolean {
  if (essay.state !== 'completed' || essay.tutor_paid) return false;
  if (essay.student_accept) return true;
  const due = payoutDate(essay);
  return due !== null && now >= due;
}

/** `1d 4h 12m` (days, hours, minutes; the card badge's remaining time). */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h ${rest}m`;
  if (hours > 0) return `${hours}h ${rest}m`;
  return `${rest}m`;
}

/** `23:59:59` (the discussion's per-second countdown). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** The card badge: the spec's label with its tone (the colours are `components/ui/StatusBadge`'s). */
export type EssayBadge = StatusLabel;

/**
 * The tutor card's badge: Not Accepted until the tutor confirms the discussion, Payment Pending until
 * the student pays, then the time left to mark (Overdue when it has run out), Completed, Revision Requested.
 */
export function essayBadge(essay: TutorEssay, now: number): EssayBadge {
  switch (essay.state) {
    case 'completed':
      return { label: 'Completed', tone: 'success' };
    case 'revision_requested':
      return essay.overdue ? { label: 'Overdue', tone: 'error' } : { label: 'Revision Requested', tone: 'warning' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'neutral' };
    case 'accepted':
      return essay.tutorConfirmed ? { label: 'Payment Pending', tone: 'info' } : { label: 'Not Accepted', tone: 'warning' };
    case 'paid': {
      const due = markingDeadline(essay);
      if (essay.overdue || (due !== null && due <= now)) return { label: 'Overdue', tone: 'error' };
      return due === null ? { label: 'In Progress', tone: 'primary' } : { label: `${formatDuration(due - now)} left`, tone: 'primary' };
    }
    default:
      return { label: essay.status, tone: 'neutral' };
  }
}

export type ReviewsFilter = 'all' | 'in-progress' | 'completed';

/** The essay reviews' filter (All Essays, In Progress, Completed). Cancelled essays show under All only. */
export function matchesReviewsFilter(essay: Pick<TutorEssay, 'state'>, filter: ReviewsFilter): boolean {
  if (filter === 'completed') return essay.state === 'completed';
  if (filter === 'in-progress') return essay.state === 'accepted' || essay.state === 'paid' || essay.state === 'revision_requested';
  return true;
}

/** Case-insensitive part of the title (the tutor's essay search matches the title). */
export function matchesTitle(essay: Pick<TutorEssay, 'title'>, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  return !wanted || essay.title.toLowerCase().includes(wanted);
}

/** The score field: a whole number from 1 to 10. */
export function scoreProblem(value: string): string | null {
  const score = Number(value);
  return value.trim() !== '' && Number.isInteger(score) && score >= SCORE_MIN && score <= SCORE_MAX ? null : MESSAGES.score;
}

export function feedbackProblem(value: string): string | null {
  return value.trim().length >= FEEDBACK_MIN_LENGTH ? null : MESSAGES.feedbackTooShort;
}

/** A marked essay: PDF, DOC, DOCX or RTF by name, at most 10 MB (the API checks the content again). */
export function markedFileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!MARKED_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return MESSAGES.fileType;
  if (file.size > MARKED_FILE_MAX_BYTES) return MESSAGES.fileSize;
  return null;
}

/** A marked file is required for "Feedback and Model Answer", unless one is already on file (a revision). */
export function markedFileRequired(essay: Pick<TutorEssay, 'requestType' | 'modelURL'>): boolean {
  return essay.requestType === 'feedback_model' && !essay.modelURL;
}

/** The agreed word count in the discussion: empty (keep the current count) or within the ±10 % band. */
export function agreedWordCountProblem(
  value: string,
  essay: Pick<TutorEssay, 'minWordCount' | 'maxWordCount'> & { wordCountToBeAgreed?: boolean; wordCountEstimated?: boolean },
): string | null {
  const text = value.trim();
  if (text === '') return null;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1) return MESSAGES.wordCountWhole;
  // A count to be agreed, or the student's own (an image, a document with no text), is the tutor's to set, once,
  // outside any band.
  if (essay.wordCountToBeAgreed || essay.wordCountEstimated) return null;
  if (count < essay.minWordCount || count > essay.maxWordCount) {
    return bandRangeMessage({ min: essay.minWordCount, max: essay.maxWordCount });
  }
  return null;
}


/** The feedback form's values: the score as typed, the feedback, the chosen marked file. */
export interface MarkingValues {
  score: string;
  feedback: string;
  file: File | null;
}

/** The feedback form's rules: score 1–10, feedback ≥ 250 characters, the marked file (required where needed). */
export function markingRules(values: MarkingValues, context: { fileRequired: boolean }): Partial<Record<keyof MarkingValues, string>> {
  return {
    score: scoreProblem(values.score) ?? undefined,
    feedback: feedbackProblem(values.feedback) ?? undefined,
    file: values.file ? (markedFileProblem(values.file) ?? undefined) : context.fileRequired ? MESSAGES.fileRequired : undefined,
  };
}

/** The discussion's Confirm form: the agreed count as typed (empty keeps the current count). */
export interface AgreedWordCountValues {
  wordCount: string;
}
export function agreedWordCountRules(values: AgreedWordCountValues, essay: Pick<TutorEssay, 'minWordCount' | 'maxWordCount'>): Partial<Record<keyof AgreedWordCountValues, string>> {
  return { wordCount: agreedWordCountProblem(values.wordCount, essay) ?? undefined };
}
