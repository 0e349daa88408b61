// Calendar dates as `YYYY-MM-DD` text, checked the same way by the browser and the API (both import it as
// `@redpen/shared/dates`). Pure TypeScript with no imports.

/** `YYYY-MM-DD` (a full ISO timestamp is cut to its date); undefined when not a real calendar date. */
export function parseDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const UK_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar date in the UK at `now`, as `YYYY-MM-DD`. Ages and date checks count from it on both sides, so
 * the form and the API agree around midnight whatever time zone the browser or the server runs in.
 */
export function ukIsoDate(now: Date): string {
  const parts = Object.fromEntries(UK_DATE.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Whole years from a `YYYY-MM-DD` birth date to `today` (also `YYYY-MM-DD`: each side passes its own today). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age--;
  return age;
}

/** A moment as UK readers see it in an email ("24 November 2026 at 15:30", London time). */
export function ukDateTime(at: Date): string {
  return at.toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'long', timeStyle: 'short' });
}
