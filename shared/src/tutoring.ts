// Tutoring's fixed rules ("Paying"), for the booking screens and the API's
// tutoring module alike. Durations are whole minutes, hours or seconds as the rules state them; `…_MS` twins
// are what code compares with instants.

const MINUTE_MS = 60_000;

/** A session starts at a slot's start and lasts 30 or 60 minutes. */
export const SESSION_LENGTHS_MINUTES = [30, 60] as const;
export type SessionLengthMinutes = (typeof SESSION_LENGTHS_MINUTES)[number];
export const isSessionLength = (minutes: number): minutes is SessionLengthMinutes =>
  (SESSION_LENGTHS_MINUTES as readonly number[]).includes(minutes);

/** A tutor's interview lasts at least 30 and at most 60 minutes. */
export const INTERVIEW_MIN_MINUTES = 30;
export const INTERVIEW_MAX_MINUTES = 60;

/** The spec's hourly availability slots, wall-clock times in the tutor's zone, Monday to Sunday. */
export const SLOT_TIMES = ['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-18:00'] as const;
export type SlotTime = (typeof SLOT_TIMES)[number];

/** The availability map's keys, Monday first (as the week grid shows them). */
export const AVAILABILITY_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type AvailabilityWeekday = (typeof AVAILABILITY_WEEKDAYS)[number];

/** A tutor's tutoring status. */
export const TUTORING_STATUSES = ['Available', 'Unavailable'] as const;

/** "Starts in Nm" shows within this many minutes of the start. */
export const STARTS_SOON_MINUTES = 30;

/** The hourly rate a tutor may ask, in pence: positive, at most £500. */
export const HOURLY_RATE_MIN_PENCE = 100;
export const HOURLY_RATE_MAX_PENCE = 50_000;
export const PURPOSE_MAX_LENGTH = 500;

/** The booking lead time (the spec's "buffer 15"): a slot starting sooner than this is neither offered nor accepted. */
export const BOOKING_LEAD_MINUTES = 15;
export const BOOKING_LEAD_MS = BOOKING_LEAD_MINUTES * MINUTE_MS;

/** A student may cancel a confirmed session (full refund) up to 24 h before it starts; a tutor any time before. */
export const STUDENT_CANCELLATION_WINDOW_HOURS = 24;
export const STUDENT_CANCELLATION_WINDOW_MS = STUDENT_CANCELLATION_WINDOW_HOURS * 60 * MINUTE_MS;

/** How long a booking is held unpaid before it expires: BOOKING_HOLD_SECONDS's default. */
export const DEFAULT_BOOKING_HOLD_SECONDS = 900;

/**
 * Unpaid holds a student may have live at once: in all, and with any one tutor. A hold keeps a slot from everyone
 * else for BOOKING_HOLD_SECONDS, so without a cap one student could squat a tutor's whole calendar for free.
 */
export const MAX_LIVE_HOLDS_PER_STUDENT = 2;
export const MAX_LIVE_HOLDS_PER_TUTOR = 1;

/** Where a tutor's availability is (an IANA zone), unless they say otherwise: slots stay wall-clock times there. */
export const DEFAULT_TIME_ZONE = 'Europe/London';
