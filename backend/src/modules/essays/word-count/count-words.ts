/**
 * Counting words as a reader (and a word processor) does: runs of text separated by white space, where a run
 * counts only if it holds a letter or a digit. So "well-known", "don't", "£1,500", "2026" and "e.g." are one word
 * each; a lone "-", "–", "•" or "&" is none; em and en dashes between words separate them ("word—word" is two,
 * as Google Docs counts; Word would say one). Footnote markers glued to a word stay part of it.
 *
 * This is the one place the essay word count is computed; the band a student may move it within is
 * `WORD_COUNT_ADJUST_PERCENT` in shared/pricing.ts.
 */
const SEPARATORS = /[\s\u2013\u2014\u2015]+/u;
const HAS_WORD_CHARACTER = /[\p{L}\p{N}]/u;

export function countWords(text: string): number {
  let count = 0;
  for (const run of text.split(SEPARATORS)) if (HAS_WORD_CHARACTER.test(run)) count++;
  return count;
}
