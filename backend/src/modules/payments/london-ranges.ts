import { ukIsoDate } from '@redpen/shared/dates';

/** The Transactions screen's date ranges, counted in London time. */
export const DATE_RANGES = ['all', 'today', 'week', 'month', 'year'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const LONDON_WALL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** London's offset from UTC at `at`, in milliseconds (0 in winter, one hour in summer). */
function londonOffsetMs(at: number): number {
  const p = Object.fromEntries(LONDON_WALL_CLOCK.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - at;
}

/** The instant London's clocks read 00:00 on that calendar date (clocks change at 01:00 UTC, never near midnight). */
export function londonMidnight(year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day);
  return new Date(wall - londonOffsetMs(wall - londonOffsetMs(wall)));
}

/**
 * Where a range starts at `now`: London's midnight today, on this week's Monday, on the 1st of this month, or on
 * 1 January; undefined for All Time. Ranges end now (the ledger has nothing later).
 */
export function rangeStart(range: DateRange, now: Date): Date | undefined {
  if (range === 'all') return undefined;
  const [y, m, d] = ukIsoDate(now).split('-').map(Number) as [number, number, number];
  if (range === 'today') return londonMidnight(y, m, d);
  if (range === 'month') return londonMidnight(y, m, 1);
  if (range === 'year') return londonMidnight(y, 1, 1);
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(y, m - 1, d - sinceMonday));
  return londonMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
}
