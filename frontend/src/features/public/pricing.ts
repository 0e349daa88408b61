/** The essay price tiers live with the API (`shared/src/pricing.ts`): one rule for charging and quoting. */
import { ESSAY_PRICE_TIERS } from '@redpen/shared/pricing';

export {
  ESSAY_PRICE_TEXT,
  EXPEDITED_SURCHARGE_PENCE,
  MIN_CHARGE_TEXT,
  MODEL_ANSWER_SURCHARGE_PENCE,
  WORD_COUNT_ADJUST_PERCENT,
  essayPricePence,
  formatPounds,
} from '@redpen/shared/pricing';

/** The tiers as the pricing page lists them: "Words 1001–3000", "0.7p per word". */
export const ESSAY_PRICE_ROWS = ESSAY_PRICE_TIERS.map((tier, i) => {
  const from = i === 0 ? 1 : ESSAY_PRICE_TIERS[i - 1]!.upToWords + 1;
  const range = Number.isFinite(tier.upToWords) ? `Words ${from}–${tier.upToWords}` : `Words ${from} and beyond`;
  return { range, rate: `${tier.tenthsOfPennyPerWord / 10}p per word` };
});
