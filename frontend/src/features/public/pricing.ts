/** The essay price tiers live with the API (`backend/src/shared/pricing.ts`): one rule for charging and quoting. */
export { ESSAY_PRICE_TEXT, essayPricePence, formatPounds } from '@shared/pricing';
