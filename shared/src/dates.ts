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

/**
 * The one formatter of moments, for the web app and the emails alike: en-GB, 24-hour, in `timeZone` (the viewer's
 * own when omitted — the browser's zone in the web app; emails pass Europe/London through `ukDateTime`).
 * Assembled from parts so every ICU version writes the same text: "27 November 2026, 16:18".
 */
export function formatDateTime(at: Date | string | number, timeZone?: string): string {
  const p = dateParts(at, timeZone, true);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** A calendar day in the same style: "27 November 2026". */
export function formatDateOnly(at: Date | string | number, timeZone?: string): string {
  const p = dateParts(at, timeZone, false);
  return `${p.day} ${p.month} ${p.year}`;
}

/** A near moment without its year, as the "whose move" lines name deadlines: "28 November, 16:18". */
export function formatDayTime(at: Date | string | number, timeZone?: string): string {
  const p = dateParts(at, timeZone, true);
  return `${p.day} ${p.month}, ${p.hour}:${p.minute}`;
}

/** The time of day alone, 24-hour: "16:18". */
export function formatTime(at: Date | string | number, timeZone?: string): string {
  const p = dateParts(at, timeZone, true);
  return `${p.hour}:${p.minute}`;
}

/** A day with its weekday: "Monday 23 November 2026" (or "Monday 23 November" without the year). */
export function formatWeekdayDate(at: Date | string | number, timeZone?: string, withYear = true): string {
  const p = weekdayParts(at, timeZone);
  return withYear ? `${p.weekday} ${p.day} ${p.month} ${p.year}` : `${p.weekday} ${p.day} ${p.month}`;
}

/** A calendar month: "November 2026". */
export function formatMonthYear(at: Date | string | number, timeZone?: string): string {
  const p = dateParts(at, timeZone, false);
  return `${p.month} ${p.year}`;
}

/** A moment as UK readers see it in an email: "24 November 2026, 15:30" (London time). */
export function ukDateTime(at: Date): string {
  return formatDateTime(at, 'Europe/London');
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function dateParts(at: Date | string | number, timeZone: string | undefined, withTime: boolean): Record<string, string> {
  const key = `${timeZone ?? ''}|${withTime}`;
  let f = partFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    partFormatters.set(key, f);
  }
  return Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
}

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

function weekdayParts(at: Date | string | number, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let f = weekdayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    weekdayFormatters.set(key, f);
  }
  return Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
}
