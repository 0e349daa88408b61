/**
 * Essay pricing — the single source of truth for the per-word tiers.
 *
 * Shared by the backend (which decides every amount it charges) and the frontend
 * (which only shows estimates). Pure TypeScript (it imports only @redpen/shared/money); both sides
 * import it as `@redpen/shared/pricing`.
 *
 * Tiers:
 *   words 1–1000      1.5p per word
 *   words 1001–3000   0.7p per word
 *   words 3001+       0.3p per word
 *
 * Rounding: every tier rate is a whole number of tenths of a penny (15, 7 and 3),
 * so the total is computed exactly in integer tenths of a penny and rounded once,
 * at the end, half up to whole pence. For example 1 word = 1.5p → 2p; 3 words =
 * 4.5p → 5p; 1001 words = 1500.7p → 1501p.
 */
import { poundsFromPence } from '@redpen/shared/money';

export const ESSAY_PRICE_TIERS = [
  { upToWords: 1000, tenthsOfPennyPerWord: 15 },
  { upToWords: 3000, tenthsOfPennyPerWord: 7 },
  { upToWords: Number.POSITIVE_INFINITY, tenthsOfPennyPerWord: 3 },
] as const;

/**
 * How far a student may move the detected word count, either way, before paying (spec: ±10 %). The essays
 * module will enforce it; the public pages quote it.
 */
export const WORD_COUNT_ADJUST_PERCENT = 10;

/**
 * The surcharges an upload may add, in pence: the API's defaults (ESSAY_MODEL_ANSWER_SURCHARGE_PENCE,
 * ESSAY_EXPEDITED_SURCHARGE_PENCE) and what /pricing quotes. Each essay keeps the amounts of its upload.
 */
export const MODEL_ANSWER_SURCHARGE_PENCE = 500;
export const EXPEDITED_SURCHARGE_PENCE = 1000;

/** The tier text shown to students wherever a price is quoted. */
export const ESSAY_PRICE_TEXT =
  '1.5p per word for the first 1000 words, 0.7p per word for words 1001-3000, 0.3p per word thereafter';

/**
 * Price of reviewing an essay of `wordCount` words, in integer pence (GBP).
 * 0 words cost 0. Throws a RangeError for negative, fractional or non-finite
 * counts: callers validate input first, and money code must not guess.
 */
export function essayPricePence(wordCount: number): number {
  if (!Number.isSafeInteger(wordCount) || wordCount < 0) {
    throw new RangeError(`wordCount must be a whole number of 0 or more, got ${wordCount}`);
  }
  let tenths = 0;
  let priced = 0;
  for (const tier of ESSAY_PRICE_TIERS) {
    if (priced >= wordCount) break;
    const wordsInTier = Math.min(wordCount, tier.upToWords) - priced;
    tenths += wordsInTier * tier.tenthsOfPennyPerWord;
    priced += wordsInTier;
  }
  // Round half up from tenths of a penny to whole pence (tenths is never negative).
  return Math.floor((tenths + 5) / 10);
}

/**
 * The smallest amount a card checkout takes in GBP (Stripe's minimum charge is 30p). No essay is ever priced below
 * it: a few words, or an image whose student entered a count of 1, cost this much.
 */
export const MIN_CHARGE_PENCE = 30;

/** What `wordCount` words cost to review: the tiers, never below MIN_CHARGE_PENCE (surcharges come on top). */
export function essayChargePence(wordCount: number): number {
  return Math.max(MIN_CHARGE_PENCE, essayPricePence(wordCount));
}

/** The surcharges an essay's price holds, fixed at upload (model answer, expedited review), in pence. */
export interface EssaySurcharges {
  modelAnswerSurchargePence: number;
  expeditedSurchargePence: number;
}

/**
 * What the student pays for an essay of `wordCount` words, in pence: its review charge (the tiers, never below
 * MIN_CHARGE_PENCE) plus the surcharges recorded on it. The API prices with it; the web app quotes another count.
 */
export function essayTotalPence(wordCount: number, surcharges: EssaySurcharges): number {
  return essayChargePence(wordCount) + surcharges.modelAnswerSurchargePence + surcharges.expeditedSurchargePence;
}

/** The minimum as the pricing page quotes it. */
export const MIN_CHARGE_TEXT = `The smallest charge for an essay is ${formatPounds(MIN_CHARGE_PENCE)}, however short it is`;

/** Formats integer pence as pounds with two decimals and thousands separators: 1234 → "£12.34". */
export function formatPounds(pence: number): string {
  if (!Number.isSafeInteger(pence)) {
    throw new RangeError(`pence must be a whole number, got ${pence}`);
  }
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${sign}£${pounds}.${rest}`;
}

/** How a payment splits between the platform and the tutor, in integer pence; the two always add up to the amount. */
export interface CommissionSplit {
  platformCommissionPence: number;
  tutorEarningsPence: number;
}

/**
 * The platform's commission on a payment of `amountPence` at `percent` % (PLATFORM_COMMISSION_PERCENT), rounded
 * half up to whole pence once; the tutor earns the rest. The only place the split is computed: the ledger stores
 * both numbers when a student's payment is recorded, and the tutor's payout is that row's `tutorEarnings`.
 */
export function splitCommission(amountPence: number, percent: number): CommissionSplit {
  if (!Number.isSafeInteger(amountPence) || amountPence < 0) {
    throw new RangeError(`amountPence must be a whole number of 0 or more, got ${amountPence}`);
  }
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 0 to 100, got ${percent}`);
  }
  const platformCommissionPence = Math.floor((amountPence * percent + 50) / 100);
  return { platformCommissionPence, tutorEarningsPence: amountPence - platformCommissionPence };
}

/**
 * What the tutor is paid for an item at this price (an essay, a session), as the API shows it: pounds and pence, by
 * the one split, as the ledger records it when the student pays.
 */
export function tutorEarnings(pricePence: number, percent: number): { tutorEarnings: number; tutorEarningsPence: number } {
  const { tutorEarningsPence } = splitCommission(pricePence, percent);
  return { tutorEarnings: poundsFromPence(tutorEarningsPence), tutorEarningsPence };
}
