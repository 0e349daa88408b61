// The essay rules both sides apply: the API enforces them, the
// web app checks them as the user types and hides what would certainly be refused. The rules bound to the API's
// configuration (the windows of the essay's clocks) stay in backend/src/modules/essays/essay-rules.ts, which sends
// each clock to the client as an instant.
import { WORD_COUNT_ADJUST_PERCENT } from '@redpen/shared/pricing';

/** The lifecycle: the database's `essay_status` and the API's `state`. */
export const ESSAY_STATES = ['awaiting_confirmation', 'open', 'accepted', 'paid', 'completed', 'revision_requested', 'cancelled'] as const;
export type EssayState = (typeof ESSAY_STATES)[number];

/** The student may change the word count until a tutor accepts the essay. */
export const EDITABLE_ESSAY_STATES: readonly EssayState[] = ['awaiting_confirmation', 'open'];
/** The student may cancel at once, with no payment to refund (a paid essay has its own refund window). */
export const UNPAID_CANCELLABLE_ESSAY_STATES: readonly EssayState[] = ['awaiting_confirmation', 'open', 'accepted'];

/** The tutor's feedback is at least 250 characters (and at most 20,000), the score a whole 1–10. */
export const FEEDBACK_MIN_LENGTH = 250;
export const FEEDBACK_MAX_LENGTH = 20_000;
export const SCORE_MIN = 1;
export const SCORE_MAX = 10;

/** Each essay file (the essay, its mark scheme, the marked essay) is at most 10 MB. */
export const ESSAY_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The types an essay or mark scheme may be, as "Allowed file types: …" names them (the API decides by content). */
export const ESSAY_FILE_TYPES_LABEL = 'PDF, DOC, DOCX, TXT, JPEG, PNG, GIF, WebP, BMP';
/** The types a marked essay / model answer may be. */
export const MARKED_FILE_TYPES_LABEL = 'PDF, DOC, DOCX, RTF';

export interface WordCountBand {
  min: number;
  max: number;
}

/** The counts a student may confirm: 90 %–110 % of the original, the low end rounded down, the high end up. */
export function wordCountBand(originalWordCount: number): WordCountBand {
  return {
    min: Math.floor((originalWordCount * (100 - WORD_COUNT_ADJUST_PERCENT)) / 100),
    max: Math.ceil((originalWordCount * (100 + WORD_COUNT_ADJUST_PERCENT)) / 100),
  };
}

export function isWithinBand(originalWordCount: number, wordCount: number): boolean {
  const { min, max } = wordCountBand(originalWordCount);
  return Number.isSafeInteger(wordCount) && wordCount >= 1 && wordCount >= min && wordCount <= max;
}

/** The band's message, word for word, for a band the client already has (the API sends `minWordCount`/`maxWordCount`). */
export function bandRangeMessage({ min, max }: WordCountBand): string {
  return `Word count must be within ±${WORD_COUNT_ADJUST_PERCENT}% of the original (${min}-${max})`;
}

/** The same message from the original count. */
export function bandMessage(originalWordCount: number): string {
  return bandRangeMessage(wordCountBand(originalWordCount));
}

/** Word for word: the marking form and the API answer the same messages. */
export const SCORE_MESSAGE = `Score must be between ${SCORE_MIN} and ${SCORE_MAX}`;
export const FEEDBACK_TOO_SHORT_MESSAGE = `Feedback must be at least ${FEEDBACK_MIN_LENGTH} characters long.`;
