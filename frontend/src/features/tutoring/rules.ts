import { formatWeekdayDate } from '@redpen/shared/dates';
import { penceFromPounds } from '@redpen/shared/money';
import {
  AVAILABILITY_WEEKDAYS,
  HOURLY_RATE_MAX_PENCE,
  HOURLY_RATE_MIN_PENCE,
  PURPOSE_MAX_LENGTH,
  STARTS_SOON_MINUTES,
  STUDENT_CANCELLATION_WINDOW_MS,
  type AvailabilityWeekday,
} from '@redpen/shared/tutoring';
import type { StatusLabel } from '../../components/ui/StatusBadge';
import type { Availability, Slot, TutoringSession } from './queries';

const MINUTE_MS = 60_000;

/** Where a session stands (upcoming, active, completed), read from the viewer's clock (the server's `timing` is as of the answer). */
export type Timing = 'upcoming' | 'active' | 'completed';
export function sessionTiming(session: Pick<TutoringSession, 'startTime' | 'endTime'>, now: number): Timing {
  if (now < Date.parse(session.startTime)) return 'upcoming';
  return now < Date.parse(session.endTime) ? 'active' : 'completed';
}

/** "Starts in Nm": minutes to the start when 30 or fewer remain, else null. */
export function startsInMinutes(session: Pick<TutoringSession, 'startTime'>, now: number): number | null {
  const minutes = Math.ceil((Date.parse(session.startTime) - now) / MINUTE_MS);
  return minutes > 0 && minutes <= STARTS_SOON_MINUTES ? minutes : null;
}

/** Join Meeting only while active, confirmed and with a link. */
export const canJoin = (s: TutoringSession, now: number) => s.status === 'confirmed' && !!s.meetingLink && sessionTiming(s, now) === 'active';
/** Rate Session when past, confirmed and not rated. */
export const canRate = (s: TutoringSession, now: number) => s.status === 'confirmed' && !s.rated && sessionTiming(s, now) === 'completed';
/** A student cancels a confirmed session up to 24 h before it starts (the server decides too: `canCancel`). */
export const studentCanCancel = (s: TutoringSession, now: number) =>
  s.canCancel && s.status === 'confirmed' && Date.parse(s.startTime) - now >= STUDENT_CANCELLATION_WINDOW_MS;
/** Get Paid when completed, paid and not paid out (and eligible, which only the server knows). */
export const canGetPaid = (s: TutoringSession, now: number) =>
  s.canGetPaid && s.paymentStatus === 'Paid' && !s.tutor_paid && sessionTiming(s, now) === 'completed';

/** The card's status badge. */
export function sessionBadge(s: TutoringSession, now: number): StatusLabel {
  if (s.status === 'held') return { label: 'Awaiting payment', tone: 'warning' };
  if (s.status === 'expired') return { label: 'Expired', tone: 'neutral' };
  if (s.status === 'cancelled') return { label: 'Cancelled', tone: 'error' };
  const timing = sessionTiming(s, now);
  if (timing === 'active') return { label: 'Session is active', tone: 'success' };
  if (timing === 'completed') return { label: 'Session completed', tone: 'neutral' };
  return { label: 'Upcoming', tone: 'info' };
}

// ---- dates in the viewer's zone -------------------------------------------------------------------------------

/** The viewer-local calendar day of an instant, as `YYYY-MM-DD`. */
export function localDayKey(at: number | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const timeFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
/** A period in the viewer's time, then in GMT: "10:00 – 11:00 (09:00–10:00 GMT)". */
export function slotLabel(slot: Slot): string {
  const local = timeFormat();
  const gmt = timeFormat('UTC');
  const [start, end] = [new Date(slot.startTime), new Date(slot.endTime)];
  return `${local.format(start)} – ${local.format(end)} (${gmt.format(start)}–${gmt.format(end)} GMT)`;
}
/** "09:00 – 10:00" in the viewer's time. */
export const timeRange = (s: Pick<Slot, 'startTime' | 'endTime'>) =>
  `${timeFormat().format(new Date(s.startTime))} – ${timeFormat().format(new Date(s.endTime))}`;
/** "Monday 30 November 2026" in the viewer's time zone. */
export const longDate = (at: string | number) => formatWeekdayDate(at);

const WEEKDAY_OF_DAY: readonly AvailabilityWeekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export interface BookingDay {
  key: string; // YYYY-MM-DD, viewer-local
  label: string; // "Monday (30 November)"
  slots: Slot[];
}

/**
 * Select Day: the tutor's available weekdays, each with its next date from today (viewer-local), and the bookable
 * slots of that date from `nextSlots` (already free and at least 15 minutes ahead). Today stays in the list with no
 * slots when they have all started, so the modal can say so.
 */
export function bookingDays(availability: Availability, nextSlots: Slot[], now: number): BookingDay[] {
  const offered = new Set(AVAILABILITY_WEEKDAYS.filter((day) => (availability[day]?.length ?? 0) > 0));
  const days: BookingDay[] = [];
  for (let i = 0; i < 7; i++) {
    const date = new Date(now);
    date.setHours(12, 0, 0, 0);
    date.setDate(date.getDate() + i);
    if (!offered.has(WEEKDAY_OF_DAY[date.getDay()]!)) continue;
    const key = localDayKey(date);
    const [weekday, ...dayMonth] = formatWeekdayDate(date, undefined, false).split(' ');
    const label = `${weekday} (${dayMonth.join(' ')})`;
    days.push({
      key,
      label,
      slots: nextSlots.filter((slot) => localDayKey(Date.parse(slot.startTime)) === key),
    });
  }
  return days;
}

export const NO_SLOTS_TODAY = 'No available time slots remaining for today. Please select another day.';

// ---- forms ----------------------------------------------------------------------------------------------------

export interface BookingValues {
  day: string;
  slot: string; // the slot's startTime
  purpose: string;
}
export function bookingRules(values: BookingValues) {
  return {
    purpose: values.purpose.trim().length > PURPOSE_MAX_LENGTH ? `Purpose must be at most ${PURPOSE_MAX_LENGTH} characters` : null,
  };
}

export interface ProfileValues {
  subject: string;
  hourlyRate: string;
  description: string;
  status: 'Available' | 'Unavailable';
  availability: Availability;
}
export function profileRules(values: ProfileValues) {
  const pence = penceFromPounds(values.hourlyRate);
  return {
    subject: values.subject.trim() ? null : 'Subject is required',
    hourlyRate:
      values.hourlyRate.trim() === '' || pence === undefined || pence < HOURLY_RATE_MIN_PENCE || pence > HOURLY_RATE_MAX_PENCE
        ? `Hourly rate must be between £${HOURLY_RATE_MIN_PENCE / 100} and £${HOURLY_RATE_MAX_PENCE / 100}, in pounds and pence`
        : null,
    description: values.description.trim() ? null : 'Description is required',
  };
}

export interface DbsValues {
  fullName: string;
  certificateNumber: string;
  certificateFile: File | null;
}
export const DBS_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png';
const DBS_FILE = /\.(pdf|jpe?g|png)$/i;
/** The DBS form: every field required, a real PDF/JPG/PNG file. */
export function dbsRules(values: DbsValues) {
  if (!values.fullName.trim() || !values.certificateNumber.trim() || !values.certificateFile) return { root: 'Please fill in all required fields' };
  if (!(values.certificateFile instanceof File) || values.certificateFile.size === 0 || !DBS_FILE.test(values.certificateFile.name)) {
    return {
      certificateFile: 'Invalid file selected. Please choose a PDF, JPG, JPEG or PNG file.',
    };
  }
  return {};
}
