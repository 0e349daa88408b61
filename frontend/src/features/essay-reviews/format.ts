import { formatPounds } from '@redpen/shared/pricing';

/** Screens read the API's integer pence twins (`pricePence`, `earningsPence`) and show £ with two decimals. */
export const pounds = (pence: number): string => formatPounds(pence);

export const wordCount = (n: number): string => `${n.toLocaleString('en-GB')} words`;
