import {
  BOOKING_LEAD_MINUTES,
  DEFAULT_TIME_ZONE,
  HOURLY_RATE_MAX_PENCE,
  isSessionLength,
  HOURLY_RATE_MIN_PENCE,
  PURPOSE_MAX_LENGTH,
  SESSION_LENGTHS_MINUTES,
  SLOT_TIMES,
  STARTS_SOON_MINUTES,
  STUDENT_CANCELLATION_WINDOW_HOURS,
  TUTORING_STATUSES,
} from '@redpen/shared/tutoring';
import type { Weekday } from './tutoring.schema.js';

/**
 * Tutoring's small rules. The constants both sides use (session lengths,
 * the booking lead time, the cancellation window) are `@redpen/shared/tutoring`'s; the API's own ones are here.
 */

/** A session lasts exactly one of these (spec: "interview minimum 30, maximum 60"). */
export const SESSION_MINUTES = SESSION_LENGTHS_MINUTES;
/** "Buffer 15": a slot starting sooner than this is neither offered nor accepted. */
export { BOOKING_LEAD_MINUTES };
/** How far ahead slots are offered (`nextSlots`) and accepted. */
export const BOOKING_HORIZON_DAYS = 14;
/** A student may cancel up to this long before the start; a tutor any time before it. */
export const STUDENT_CANCEL_HOURS = STUDENT_CANCELLATION_WINDOW_HOURS;
/** Reminder emails go out this long before the start. */
export const REMINDER_HOURS_BEFORE = [24, 1] as const;
export const DESCRIPTION_MAX_LENGTH = 1000;
export const SUBJECT_MAX_LENGTH = 100;
export { DEFAULT_TIME_ZONE, HOURLY_RATE_MAX_PENCE, HOURLY_RATE_MIN_PENCE, PURPOSE_MAX_LENGTH, SLOT_TIMES, STARTS_SOON_MINUTES };
/** Available / Unavailable. */
export const TUTORING_STATUS = TUTORING_STATUSES;

export type SlotTime = (typeof SLOT_TIMES)[number];

/** Sunday first, as `Date.getUTCDay()` numbers them. */
export const WEEKDAYS: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export type TutoringStatus = (typeof TUTORING_STATUS)[number];

/** The price of a session: the hourly rate pro rata, rounded to the penny. */
export function sessionPricePence(hourlyRatePence: number, minutes: number): number {
  return Math.round((hourlyRatePence * minutes) / 60);
}

export { isSessionLength };

/** The last instant a student may still cancel a session starting at `start`. */
export function studentCancelDeadline(start: Date): Date {
  return new Date(start.getTime() - STUDENT_CANCEL_HOURS * 3_600_000);
}

/** Where a confirmed session stands by the clock. */
export type SessionTiming = 'upcoming' | 'active' | 'completed';

export function sessionTiming(session: { startTime: Date; endTime: Date }, now: Date): SessionTiming {
  if (now.getTime() < session.startTime.getTime()) return 'upcoming';
  return now.getTime() < session.endTime.getTime() ? 'active' : 'completed';
}

/** The earliest start a booking made at `now` may have. */
export function earliestBookableStart(now: Date): Date {
  return new Date(now.getTime() + BOOKING_LEAD_MINUTES * 60_000);
}

/** The end of the booking horizon seen from `now`. */
export function bookingHorizonEnd(now: Date): Date {
  return new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000);
}
