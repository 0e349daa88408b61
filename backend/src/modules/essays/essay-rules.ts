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

/** DESIGN.md §9: a revision may be asked for within 7 days of the (last) completion, while not accepted. */
export const REVISION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
