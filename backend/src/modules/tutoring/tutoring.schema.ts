import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/**
 * Lower-case weekday → hourly "HH:MM-HH:MM" slots, as wall-clock times in the tutor's `time_zone` (09:00 stays
 * 09:00 for the tutor across the clock changes).
 */
export type WeeklyAvailability = Partial<Record<Weekday, string[]>>;

/**
 * A tutor's tutoring profile, this module's own: what Find Your Tutor shows and books from (subject, hourly rate,
 * description, Available or not, the weekly availability and its time zone). One row per tutor who has saved one
 * (or had one before the split from `tutor_profiles`); no row reads as Unavailable with nothing set. Whether the
 * tutor may tutor at all (the approvals, the verified DBS) is the tutors module's.
 */
export const tutoringProfiles = pgTable(
  'tutoring_profiles',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    tutoringSubject: text('tutoring_subject'),
    hourlyRatePence: integer('hourly_rate_pence'),
    tutoringDescription: text('tutoring_description'),
    tutoringAvailable: boolean('tutoring_available').notNull().default(false),
    availability: jsonb('availability').$type<WeeklyAvailability>().notNull().default({}),
    /** The IANA zone the availability's wall-clock times are in. */
    timeZone: text('time_zone').notNull().default('Europe/London'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Find Your Tutor reads only Available profiles with a rate, sorted by rate; its search matches the subject.
    index('tutoring_profiles_available_rate_idx').on(table.hourlyRatePence, table.userId).where(sql`${table.tutoringAvailable} and ${table.hourlyRatePence} is not null`),
    index('tutoring_profiles_subject_trgm_idx').using('gin', table.tutoringSubject.op('gin_trgm_ops')),
  ],
);

export type TutoringProfileRow = typeof tutoringProfiles.$inferSelect;

/**
 * The session's states as stored: held (booked, unpaid, for BOOKING_HOLD_SECONDS) → confirmed (paid) → …,
 * or held → expired, or confirmed → cancelled (refunded). "Upcoming / active / completed" follow from the time
 * and are derived by the presenter, never stored.
 */
export const tutoringSessionStatus = pgEnum('tutoring_session_status', ['held', 'confirmed', 'expired', 'cancelled']);
/** Who cancelled: the student, the tutor, or the platform (a refund made by an admin or at the gateway). */
export const tutoringCancelledBy = pgEnum('tutoring_cancelled_by', ['student', 'tutor', 'platform']);

/**
 * A one-to-one session a student booked with a tutor. Money in integer pence.
 * The database refuses two live (held or confirmed) sessions overlapping in time for one tutor or for one student:
 * exclusion constraints written by hand in drizzle/0012_create-tutoring-sessions.sql (drizzle-kit cannot express
 * them), over `tstzrange(start_time, end_time, '[)')`.
 */
export const tutoringSessions = pgTable(
  'tutoring_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    tutorId: uuid('tutor_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    purpose: text('purpose').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: tutoringSessionStatus('status').notNull().default('held'),
    /** The tutor's hourly rate when booked, and the price it made (rate × duration), fixed at booking. */
    hourlyRatePence: integer('hourly_rate_pence').notNull(),
    pricePence: integer('price_pence').notNull(),
    /** A held session gives its slot back at this instant (the hold-expiry job, or the next booking that meets it). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The meeting room, made at confirmation (MEETING_BASE_URL + an unguessable name). */
    meetingLink: text('meeting_link'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** Set by the cancel route before it asks Payments for the refund, read when the refund lands. */
    cancelRequestedBy: tutoringCancelledBy('cancel_requested_by'),
    cancelledBy: tutoringCancelledBy('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    rated: boolean('rated').notNull().default(false),
    tutorPaid: boolean('tutor_paid').notNull().default(false),
    tutorPaidAt: timestamp('tutor_paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tutoring_sessions_tutor_idx').on(table.tutorId, table.startTime),
    index('tutoring_sessions_student_idx').on(table.studentId, table.startTime),
    index('tutoring_sessions_held_idx').on(table.holdExpiresAt).where(sql`${table.status} = 'held'`),
    check('tutoring_sessions_time_order', sql`${table.endTime} > ${table.startTime}`),
    check('tutoring_sessions_price', sql`${table.pricePence} > 0 and ${table.hourlyRatePence} > 0`),
    check('tutoring_sessions_purpose_length', sql`char_length(${table.purpose}) between 1 and 500`),
  ],
);

export type TutoringSessionRow = typeof tutoringSessions.$inferSelect;
export type NewTutoringSessionRow = typeof tutoringSessions.$inferInsert;
