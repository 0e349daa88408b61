/**
 * The essay pages' URL search params, validated so that a filtered list is a URL (STYLE.md) and an unknown value
 * falls back to the default instead of failing the route.
 */
import { ESSAY_FILTERS, type EssayFilter } from './queries';
import { confirmRangeMessage, inlineRangeMessage, wordCountProblem, type Essay } from './essay-rules';

export const ESSAY_SORTS = ['latest', 'title', 'subject'] as const;
export type EssaySort = (typeof ESSAY_SORTS)[number];

export const SORT_LABELS: Record<EssaySort, string> = {
  latest: 'Latest First',
  title: 'Title',
  subject: 'Subject',
};

/** Defaults are left out of the URL: `/student/essays` is the plain list. */
export interface EssaysSearch {
  status?: Exclude<EssayFilter, 'all'>;
  sort?: Exclude<EssaySort, 'latest'>;
  q?: string;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

export function validateEssaysSearch(raw: Record<string, unknown>): EssaysSearch {
  const search: EssaysSearch = {};
  if (isOneOf(ESSAY_FILTERS, raw.status) && raw.status !== 'all') search.status = raw.status;
  if (isOneOf(ESSAY_SORTS, raw.sort) && raw.sort !== 'latest') search.sort = raw.sort;
  if (typeof raw.q === 'string' && raw.q.trim()) search.q = raw.q.slice(0, 200);
  return search;
}

export interface EssayUploadSearch {
  /** Step two (Confirm Essay Details) of an uploaded essay: survives a reload, and the essay cards link to it. */
  essayId?: string;
}

export function validateEssayUploadSearch(raw: Record<string, unknown>): EssayUploadSearch {
  return typeof raw.essayId === 'string' && /^[0-9a-f-]{36}$/i.test(raw.essayId) ? { essayId: raw.essayId } : {};
}

/** The list as shown: searched by title (case-insensitive), then sorted (latest first by default). */
export function visibleEssays(essays: readonly Essay[], { sort, q }: { sort?: EssaySort; q?: string }): Essay[] {
  const needle = q?.trim().toLowerCase();
  const found = needle ? essays.filter((essay) => essay.title.toLowerCase().includes(needle)) : [...essays];
  const byText = (key: 'title' | 'subject') => (a: Essay, b: Essay) =>
    a[key].localeCompare(b[key], 'en', { sensitivity: 'base' }) || b.createdAt.localeCompare(a.createdAt);
  if (sort === 'title') return found.sort(byText('title'));
  if (sort === 'subject') return found.sort(byText('subject'));
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** A word count as typed (the card's inline edit, the confirm step, the Update Word Count modal). */
export interface WordCountValues {
  wordCount: string;
}
type WordCountBand = Pick<Essay, 'minWordCount' | 'maxWordCount'>;
type WordCountProblems = Partial<Record<keyof WordCountValues, string>>;

/** The card's inline edit: a whole number within the band, "Must be within {low}-{high} words". */
export const inlineWordCountRules = ({ wordCount }: WordCountValues, band: WordCountBand): WordCountProblems => ({
  wordCount: wordCountProblem(wordCount, band, inlineRangeMessage(band)) ?? undefined,
});

/** The upload's confirm step: the same band in the server's own wording. */
export const confirmWordCountRules = ({ wordCount }: WordCountValues, band: WordCountBand): WordCountProblems => ({
  wordCount: wordCountProblem(wordCount, band, confirmRangeMessage(band)) ?? undefined,
});

/**
 * The Update Word Count modal: a number of at least 1 and no range check of its own (the server
 * checks the band and its refusal shows in the modal). Update stays disabled instead of showing this message.
 */
export function updateWordCountRules({ wordCount }: WordCountValues): WordCountProblems {
  const count = Number(wordCount);
  return wordCount.trim() !== '' && Number.isInteger(count) && count >= 1 ? {} : { wordCount: 'Word count must be a whole number above 0' };
}

/**
 * The rating: 1-5 stars, feedback optional, at most 500 characters with a counter. No star is chosen at first
 * (a preselected 5 is a rating the student never gave); 0 means none yet.
 */
export const CHOOSE_RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';
export const RATING_FEEDBACK_MAX = 500;
export interface RatingValues {
  rating: number;
  feedback: string;
}
export function ratingRules({ rating, feedback }: RatingValues): Partial<Record<keyof RatingValues, string>> {
  return {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? undefined : CHOOSE_RATING_MESSAGE,
    feedback: feedback.length > RATING_FEEDBACK_MAX ? `Feedback must be at most ${RATING_FEEDBACK_MAX} characters` : undefined,
  };
}
