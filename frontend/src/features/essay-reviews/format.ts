import { formatPounds } from '@redpen/shared/pricing';

/** Screens read the API's integer pence twins (`pricePence`, `earningsPence`) and show £ with two decimals. */
export const pounds = (pence: number): string => formatPounds(pence);

export const wordCount = (n: number): string => `${n.toLocaleString('en-GB')} words`;

/** An essay's count as the tutor screens show it: an image uploaded without one is "count to be agreed". */
export const essayWordCount = (essay: { wordCount: number; wordCountToBeAgreed?: boolean }): string =>
  essay.wordCountToBeAgreed ? 'Count to be agreed' : wordCount(essay.wordCount);

/**
 * An essay's subject, level and student on one line, separated by " · ": an empty part (a cancelled essay's student
 * is not named) is left out with its separator.
 */
export const essayByline = (essay: { subject?: string | null; academicLevel?: string | null; studentName?: string | null }): string =>
  [essay.subject, essay.academicLevel, essay.studentName].filter((part) => part?.trim()).join(' · ');
