import { formatPounds } from '@redpen/shared/pricing';

/** Money in the API is integer pence; every tutor screen shows it as £ with two decimals. */
export const pounds = (pence: number): string => formatPounds(pence);

export const wordCount = (n: number): string => `${n.toLocaleString('en-GB')} words`;
