import { formatPounds } from '@shared/pricing';

/** Money in the API is integer pence; every tutor screen shows it as £ with two decimals. */
export const pounds = (pence: number): string => formatPounds(pence);

/** `March 1, 2026, 2:30 PM` in the viewer's time zone; null when empty. */
export function formatDateTime(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export const wordCount = (n: number): string => `${n.toLocaleString('en-GB')} words`;
