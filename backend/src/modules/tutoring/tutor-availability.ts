import type { WeeklyAvailability, Weekday } from './tutoring.schema.js';
import { BOOKING_HORIZON_DAYS, SLOT_TIMES, WEEKDAYS, bookingHorizonEnd, earliestBookableStart, type SlotTime } from './tutoring-rules.js';

/**
 * A tutor's weekly availability is wall-clock times in their IANA zone: "Monday 09:00-10:00 in
 * Europe/London" is 08:00Z in July and 09:00Z in January. These functions turn it into instants and back with
 * `Intl` alone (no Temporal, no offset tables), so they follow the zone's rules wherever the server runs.
 */

/** A bookable period as the API carries it: UTC instants as ISO strings. */
export interface SlotInstant {
  startTime: string;
  endTime: string;
}

/** A time range already taken (a held or confirmed session), as epoch milliseconds, end exclusive. */
export interface BusyRange {
  start: number;
  end: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClock(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; weekday: Weekday } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year, month, day, hour, minute } = parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  return { year, month, day, hour, minute, weekday: WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]! };
}

/** How far `timeZone` is ahead of UTC at `epochMs`, in milliseconds (seconds dropped: no zone uses them since 1972). */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallClock(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(epochMs / 60_000) * 60_000;
}

/**
 * The instant when the wall clock in `timeZone` shows this date and time; undefined when it never does (inside a
 * spring-forward gap). In an autumn overlap the earlier of the two instants is taken.
 */
export function zonedInstant(date: { year: number; month: number; day: number }, time: { hour: number; minute: number }, timeZone: string): Date | undefined {
  // Remembered: every tutor card of a page asks the same few dates and slots (the benchmark's hot path).
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}|${time.hour}:${time.minute}`;
  if (instants.has(key)) {
    const known = instants.get(key);
    return known === undefined ? undefined : new Date(known);
  }
  if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
  const found = computeZonedInstant(date, time, timeZone);
  instants.set(key, found?.getTime());
  return found;
}

const MAX_REMEMBERED_INSTANTS = 100_000;
const instants = new Map<string, number | undefined>();

function computeZonedInstant(date: { year: number; month: number; day: number }, time: { hour: number; minute: number }, timeZone: string): Date | undefined {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  // Two guesses cover both sides of a change: the offset just before and just after the wall time.
  const candidates = [offsetAt(asUtc - 86_400_000 / 2, timeZone), offsetAt(asUtc + 86_400_000 / 2, timeZone)].map((offset) => asUtc - offset);
  const matching = [...new Set(candidates)].filter((t) => {
    const w = wallClock(new Date(t), timeZone);
    return w.year === date.year && w.month === date.month && w.day === date.day && w.hour === time.hour && w.minute === time.minute;
  });
  return matching.length === 0 ? undefined : new Date(Math.min(...matching));
}

function parseSlot(slot: SlotTime): { start: { hour: number; minute: number }; end: { hour: number; minute: number } } {
  const [from, to] = slot.split('-') as [string, string];
  const hm = (s: string) => ({ hour: Number(s.slice(0, 2)), minute: Number(s.slice(3, 5)) });
  return { start: hm(from), end: hm(to) };
}

/**
 * The entries of an availability map from a request, in the order given, keys in either case (`Monday` or
 * `monday`): each weekday's list as given, or the problem with the entry (a key that is not a weekday, a value that is
 * not a list of strings). A problem alone when the input is not a map at all.
 */
type WeekdayEntry = { key: string; day: Weekday; value: string[] } | { problem: string };
function weekdayEntries(input: unknown, slotsName: string): { entries: WeekdayEntry[] } | { problems: string[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { problems: ['Availability must be a map from weekday to a list of slots'] };
  return {
    entries: Object.entries(input).map(([key, value]): WeekdayEntry => {
      const day = key.toLowerCase() as Weekday;
      if (!WEEKDAYS.includes(day)) return { problem: `"${key}" is not a weekday` };
      if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) return { problem: `${key}: a list of ${slotsName} such as "09:00-10:00"` };
      return { key, day, value: value as string[] };
    }),
  };
}

/**
 * Normalises an availability map from a request: weekday keys in either case (`Monday` or `monday`), each slot one
 * of the spec's hourly slots, no repeats, sorted. Returns the problems instead when there are any.
 */
export function normaliseAvailability(input: unknown): { availability: WeeklyAvailability } | { problems: string[] } {
  const read = weekdayEntries(input, 'slots');
  if ('problems' in read) return read;
  const problems: string[] = [];
  const availability: WeeklyAvailability = {};
  for (const entry of read.entries) {
    if ('problem' in entry) {
      problems.push(entry.problem);
      continue;
    }
    const { key, day, value } = entry;
    const unknown = value.filter((s) => !(SLOT_TIMES as readonly string[]).includes(s));
    if (unknown.length > 0) problems.push(`${key}: ${unknown.map((s) => `"${s}"`).join(', ')} ${unknown.length === 1 ? 'is not a slot' : 'are not slots'} (${SLOT_TIMES.join(', ')})`);
    const slots = SLOT_TIMES.filter((s) => value.includes(s));
    if (slots.length > 0) availability[day] = [...(availability[day] ?? []), ...slots].filter((s, i, all) => all.indexOf(s) === i).sort();
  }
  return problems.length > 0 ? { problems } : { availability };
}

/** An hourly UTC slot such as "08:00-09:00" (a half-hour zone gives "03:30-04:30"; the end may be the next day's). */
const UTC_SLOT = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

const hhmm = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 16);
const utcKey = (start: number, end: number) => `${WEEKDAYS[new Date(start).getUTCDay()]!}|${hhmm(start)}-${hhmm(end)}`;

/**
 * The tutor's wall-clock slots of the coming week (today and the six local days after it in `timeZone`) with their
 * UTC weekday and times: `local` is a slot of `SLOT_TIMES` on a weekday, `utc` its key `weekday|HH:MM-HH:MM`.
 * One week holds each weekday once, so the pairing is one to one (a slot in a spring-forward gap has no UTC twin).
 */
function comingWeek(slots: (day: Weekday) => readonly string[] | undefined, timeZone: string, now: Date): { local: { day: Weekday; slot: string }; utc: string }[] {
  const first = localDate(now, timeZone);
  const out: { local: { day: Weekday; slot: string }; utc: string }[] = [];
  for (let i = 0; i < 7; i++) {
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const day = WEEKDAYS[d.getUTCDay()]!;
    const wanted = slots(day);
    if (!wanted || wanted.length === 0) continue;
    for (const slot of wanted) {
      const [made] = daySlots([slot], { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, timeZone);
      if (made) out.push({ local: { day, slot }, utc: utcKey(made.start, made.end) });
    }
  }
  return out;
}

const MAX_REMEMBERED_UTC_VIEWS = 10_000;
const utcViews = new Map<string, WeeklyAvailability>();

/**
 * The API's `availability` (the spec's "GMT" map): the tutor's wall-clock slots as UTC weekdays and times, as they
 * stand for the coming week. A Europe/London tutor's Monday 09:00-10:00 is Monday 08:00-09:00 in summer time and
 * 09:00-10:00 in winter. Days in Monday-first order, each day's slots sorted; days without slots left out.
 */
export function availabilityInUtc(availability: WeeklyAvailability, timeZone: string, now: Date): WeeklyAvailability {
  // Remembered per zone, local date and map: every card of a list asks it, most with the same few maps.
  const first = localDate(now, timeZone);
  const key = `${timeZone}|${first.year}-${first.month}-${first.day}|${JSON.stringify(availability)}`;
  const known = utcViews.get(key);
  if (known) return known;
  const byDay = new Map<Weekday, string[]>();
  for (const { utc } of comingWeek((day) => availability[day], timeZone, now)) {
    const [day, range] = utc.split('|') as [Weekday, string];
    byDay.set(day, [...(byDay.get(day) ?? []), range]);
  }
  const view: WeeklyAvailability = {};
  for (const day of MONDAY_FIRST) {
    const slots = byDay.get(day);
    if (slots) view[day] = slots.sort();
  }
  if (utcViews.size >= MAX_REMEMBERED_UTC_VIEWS) utcViews.clear();
  utcViews.set(key, view);
  return view;
}

const MONDAY_FIRST: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]!];

/**
 * Reads UTC slots from a request (`updateTutoringProfile` without a `timeZone`) into the tutor's wall clock in
 * `timeZone`, as they stand for the coming week: the inverse of `availabilityInUtc`. Weekday keys in either case;
 * a slot that is not one of the hourly slots in that zone this week is a problem.
 */
export function availabilityFromUtc(input: unknown, timeZone: string, now: Date): { availability: WeeklyAvailability } | { problems: string[] } {
  const read = weekdayEntries(input, 'UTC slots');
  if ('problems' in read) return read;
  const table = new Map(comingWeek(() => SLOT_TIMES, timeZone, now).map(({ local, utc }) => [utc, local]));
  const problems: string[] = [];
  const local: Partial<Record<Weekday, string[]>> = {};
  for (const entry of read.entries) {
    if ('problem' in entry) {
      problems.push(entry.problem);
      continue;
    }
    const { key, day, value } = entry;
    const unknown: string[] = [];
    for (const slot of value) {
      const found = UTC_SLOT.test(slot) ? table.get(`${day}|${slot}`) : undefined;
      if (found) local[found.day] = [...(local[found.day] ?? []), found.slot];
      else unknown.push(slot);
    }
    if (unknown.length > 0) {
      problems.push(`${key}: ${unknown.map((s) => `"${s}"`).join(', ')} ${unknown.length === 1 ? 'is not a slot' : 'are not slots'} in UTC this week for ${timeZone} (send a timeZone to give wall-clock slots)`);
    }
  }
  if (problems.length > 0) return { problems };
  const availability: WeeklyAvailability = {};
  for (const day of WEEKDAYS) {
    const slots = local[day];
    if (slots) availability[day] = SLOT_TIMES.filter((s) => slots.includes(s));
  }
  return { availability };
}

/** One local day's slots as instants, with their ISO text made once (cards share them: nothing mutates a slot). */
interface DaySlot extends SlotInstant {
  start: number;
  end: number;
}

const MAX_REMEMBERED_DAYS = 10_000;
const days = new Map<string, readonly DaySlot[]>();

/** The slots of one weekday's list on one local date in `timeZone` (spring-forward gaps skipped), remembered. */
function daySlots(slots: readonly string[], date: { year: number; month: number; day: number }, timeZone: string): readonly DaySlot[] {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}|${slots.join(',')}`;
  let found = days.get(key);
  if (!found) {
    const made: DaySlot[] = [];
    for (const slot of slots) {
      const { start, end } = parseSlot(slot as SlotTime);
      const startAt = zonedInstant(date, start, timeZone);
      const endAt = zonedInstant(date, end, timeZone);
      if (startAt && endAt && endAt > startAt) made.push({ start: startAt.getTime(), end: endAt.getTime(), startTime: startAt.toISOString(), endTime: endAt.toISOString() });
    }
    found = made.sort((a, b) => a.start - b.start);
    if (days.size >= MAX_REMEMBERED_DAYS) days.clear();
    days.set(key, found);
  }
  return found;
}

/** The local date in `timeZone` at `instant`, remembered per zone and minute (every card of a page asks it). */
let today: { key: string; date: { year: number; month: number; day: number } } | undefined;
function localDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const key = `${timeZone}|${Math.floor(instant.getTime() / 60_000)}`;
  if (today?.key !== key) {
    const w = wallClock(instant, timeZone);
    today = { key, date: { year: w.year, month: w.month, day: w.day } };
  }
  return today.date;
}

/**
 * The bookable hourly slots of the next BOOKING_HORIZON_DAYS seen from `now` (the tutor card's `nextSlots`):
 * starting at least BOOKING_LEAD_MINUTES from now, not overlapping a held or confirmed session. Sorted.
 */
export function nextSlots(availability: WeeklyAvailability, timeZone: string, now: Date, busy: readonly BusyRange[] = []): SlotInstant[] {
  const earliest = earliestBookableStart(now).getTime();
  const horizon = bookingHorizonEnd(now).getTime();
  const first = localDate(now, timeZone);
  const free: SlotInstant[] = [];
  for (let i = 0; i <= BOOKING_HORIZON_DAYS; i++) {
    // Calendar arithmetic on the local date, in UTC (no zone): day i after today.
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    const slots = availability[WEEKDAYS[d.getUTCDay()]!];
    if (!slots || slots.length === 0) continue;
    for (const slot of daySlots(slots, { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, timeZone)) {
      if (slot.start < earliest || slot.start >= horizon) continue;
      if (busy.some((b) => b.start < slot.end && slot.start < b.end)) continue;
      free.push({ startTime: slot.startTime, endTime: slot.endTime });
    }
  }
  return free;
}

/**
 * Whether a session from `start` to `end` lies inside one availability slot and starts at its start
 * (a session starts at a slot's start). Read in the tutor's zone on the session's own date.
 */
export function fitsAvailability(availability: WeeklyAvailability, timeZone: string, start: Date, end: Date): boolean {
  const w = wallClock(start, timeZone);
  const date = { year: w.year, month: w.month, day: w.day };
  return (availability[w.weekday] ?? []).some((slot) => {
    const parsed = parseSlot(slot as SlotTime);
    const slotStart = zonedInstant(date, parsed.start, timeZone);
    const slotEnd = zonedInstant(date, parsed.end, timeZone);
    return slotStart?.getTime() === start.getTime() && slotEnd !== undefined && end.getTime() <= slotEnd.getTime();
  });
}
