/**
 * The essay price tiers live in the backend (`backend/src/shared/pricing.ts`) so the server that
 * charges and the pages that quote use one rule. Imported by relative path until the shell adds a
 * `@shared/*` alias; then only this line changes.
 */
export { ESSAY_PRICE_TEXT, essayPricePence, formatPounds } from '../../../../backend/src/shared/pricing';
