/**
 * The tutor side's essay rules as the screens apply them (spec part 2 §4, §5, §9; DESIGN.md §9): clocks, the
 * card badge, payout eligibility and the marking form's checks. Pure functions of an essay and "now", so the
 * pages and their tests share one definition. The API enforces every one of them again.
 */
import type { Schema } from '../../api/client';

export type TutorEssay = Schema<'EssayDto'>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The word-count discussion's window from acceptedAt, and when its red warning starts. */
export const DISCUSSION_WINDOW_MS = 24 * HOUR_MS;
export const DISCUSSION_WARNING_MS = HOUR_MS;
/** The tutor has 2 days after payment to mark; an expedited essay half of it (DESIGN.md §9). */
export const MARKING_WINDOW_MS = 48 * HOUR_MS;
export const EXPEDITED_MARKING_WINDOW_MS = 24 * HOUR_MS;
/** A completed essay may be paid out once the student accepts it, or after this long. */
export const PAYOUT_WAIT_MS = 48 * HOUR_MS;

export const FEEDBACK_MIN_LENGTH = 250;
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;
export const MARKED_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MARKED_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.rtf'] as const;
export const MARKED_FILE_ACCEPT = [
  ...MARKED_FILE_EXTENSIONS,
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/rtf',
  'text/rtf',
].join(',');

/** The spec's texts (part 2 §5, §8) and the API's own where the spec gives none. */
export const MESSAGES = {
  feedbackTooShort: `Feedback must be at least ${FEEDBACK_MIN_LENGTH} characters long.`,
  score: `Score must be between ${SCORE_MIN} and ${SCORE_MAX}`,
  fileRequired: 'You must upload a marked essay file to continue.',
  fileType: 'Allowed file types: PDF, DOC, DOCX, RTF',
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

/** When the word-count discussion closes (acceptedAt + 24 h); null when the essay is not held. */
export function discussionDeadline(essay: Pick<TutorEssay, 'acceptedAt'>): number | null {
  const accepted = time(essay.acceptedAt);
  return accepted === null ? null : accepted + DISCUSSION_WINDOW_MS;
}

/**
 * When the marking is due: the server's `markingDueAt` (it also knows a revision's own 48 h), else paid_time + 48 h,
 * or 24 h when expedited; null before payment.
 */
export function markingDeadline(essay: Pick<TutorEssay, 'markingDueAt' | 'paid_time' | 'expedited'>): number | null {
  const due = time(essay.markingDueAt);
  if (due !== null) return due;
  const paid = time(essay.paid_time);
  return paid === null ? null : paid + (essay.expedited ? EXPEDITED_MARKING_WINDOW_MS : MARKING_WINDOW_MS);
}

/** Paid for: the discussion is over and the marking clock runs. */
export function isPaid(essay: Pick<TutorEssay, 'paymentStatus'>): boolean {
  return essay.paymentStatus === 'Paid';
}

/** The essay can be marked now: paid and not yet marked, or sent back for a revision. */
export function isMarkable(essay: Pick<TutorEssay, 'state'>): boolean {
  return essay.state === 'paid' || essay.state === 'revision_requested';
}

/** When a completed essay becomes payable without the student's acceptance (completedAt + 48 h). */
export function payoutDate(essay: Pick<TutorEssay, 'completedAt'>): number | null {
  const completed = time(essay.completedAt);
  return completed === null ? null : completed + PAYOUT_WAIT_MS;
}

/** Get Paid shows when the essay is completed, not yet paid out, and accepted by the student or 48 h old. */
export function isPayoutEligible(essay: Pick<TutorEssay, 'state' | 'tutor_paid' | 'student_accept' | 'completedAt'>, now: number): boolean {
  if (essay.state !== 'completed' || essay.tutor_paid) return false;
  if (essay.student_accept) return true;
  const due = payoutDate(essay);
  return due !== null && now > due;
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

export type BadgeTone = 'warning' | 'info' | 'primary' | 'error' | 'success' | 'neutral';
export interface EssayBadge {
  label: string;
  tone: BadgeTone;
}

/**
 * The tutor card's badge (part 2 §4): Not Accepted until the tutor confirms the discussion, Payment Pending until
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

/** Case-insensitive part of the title (part 2 §5: the tutor's essay search matches the title). */
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
export function agreedWordCountProblem(value: string, essay: Pick<TutorEssay, 'minWordCount' | 'maxWordCount'>): string | null {
  const text = value.trim();
  if (text === '') return null;
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1) return MESSAGES.wordCountWhole;
  if (count < essay.minWordCount || count > essay.maxWordCount) {
    return `Word count must be within ±10% of the original (${essay.minWordCount}-${essay.maxWordCount})`;
  }
  return null;
}

