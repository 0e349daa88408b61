import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACADEMIC_LEVELS } from '@redpen/shared/essay-levels';
import { ESSAY_STATES } from '@redpen/shared/essay-rules';
import { users } from '../users/users.schema.js';

/** The levels a student picks on upload (the tutor pool's level filter uses the same names). */
export const essayAcademicLevel = pgEnum('essay_academic_level', ACADEMIC_LEVELS);
/** The essay's `requestType`: feedback only, or feedback and a model answer (a marked file is then required). */
export const essayRequestType = pgEnum('essay_request_type', ['feedback-only', 'feedback_model']);
/**
 * The essay's lifecycle. The spec's labels (Pending, In Progress, Completed), `accepted` and `paymentStatus`
 * are derived from it by the presenter; `student_accept`, `rated` and `tutor_paid` are flags beside it.
 */
export const essayStatus = pgEnum('essay_status', ESSAY_STATES);

/** An essay a student uploaded for review (the student's Essay and the tutor's view). Money in integer pence. */
export const essays = pgTable(
  'essays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The tutor who won the accept; null while the essay is not held. */
    tutorId: uuid('tutor_id').references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    academicLevel: essayAcademicLevel('academic_level').notNull(),
    requestType: essayRequestType('request_type').notNull().default('feedback-only'),
    expedited: boolean('expedited').notNull().default(false),
    notes: text('notes'),
    /** The essay's opening lines as read at upload (the pool card's preview); null for an image or a scan. */
    preview: text('preview'),
    status: essayStatus('status').notNull().default('awaiting_confirmation'),
    /** Detected from the document, or the student's first entry for an image; never changed afterwards. */
    originalWordCount: integer('original_word_count').notNull(),
    wordCount: integer('word_count').notNull(),
    /**
     * An image uploaded without a count (the documented upload payload has none): both counts hold 1 as a placeholder and
     * the price is the minimum until the accepting tutor sets the count once in the discussion (docs/decisions.md).
     */
    wordCountToBeAgreed: boolean('word_count_to_be_agreed').notNull().default(false),
    /**
     * The count is the student's, not read from the document (an image, or a document with no text layer): the
     * accepting tutor may set it once, freely, at acceptance or in the discussion, which reprices the essay and
     * clears this. Until then the student's count is the original and the ±10 % band holds it.
     */
    wordCountEstimated: boolean('word_count_estimated').notNull().default(false),
    /**
     * Set at upload for a count not read from the document (estimated or to be agreed), never cleared: such an essay
     * is paid only at a price its student confirmed (`studentConfirmedPricePence`) after the tutor set the count.
     */
    priceConfirmationRequired: boolean('price_confirmation_required').notNull().default(false),
    /** The price the student last confirmed (POST /essays/{id}/confirm-price); a price unlike it is not yet payable. */
    studentConfirmedPricePence: integer('student_confirmed_price_pence'),
    /** What the student pays now: tiers of `wordCount` plus the surcharges fixed at upload. */
    pricePence: integer('price_pence').notNull(),
    /** Surcharges as they were when the essay was uploaded (a later config change does not reprice it). */
    modelAnswerSurchargePence: integer('model_answer_surcharge_pence').notNull().default(0),
    expeditedSurchargePence: integer('expedited_surcharge_pence').notNull().default(0),
    /** S3 keys (never URLs): links are presigned when the essay is read. */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileMime: text('file_mime').notNull(),
    markingSchemeKey: text('marking_scheme_key'),
    markingSchemeName: text('marking_scheme_name'),
    modelFileKey: text('model_file_key'),
    score: integer('score'),
    feedback: text('feedback'),
    studentAccept: boolean('student_accept').notNull().default(false),
    tutorPaid: boolean('tutor_paid').notNull().default(false),
    rated: boolean('rated').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The tutor's Confirm in the word-count discussion (agreement recorded; an agreed count reprices). */
    tutorConfirmedAt: timestamp('tutor_confirmed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    paidTime: timestamp('paid_time', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when the marking deadline passed unmarked (the tutor's Overdue badge; student and admin told once). */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    /** The student's latest revision request: the resubmission is due a marking deadline later. */
    revisionRequestedAt: timestamp('revision_requested_at', { withTimezone: true }),
    /** The tutor was told the payout became eligible for the current completion (cleared when it is marked again). */
    payoutNotifiedAt: timestamp('payout_notified_at', { withTimezone: true }),
    /** The 7-day revision window of the current completion closed unused; the student was told the review is final. */
    revisionWindowClosedAt: timestamp('revision_window_closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('essays_student_created_idx').on(table.studentId, table.createdAt),
    index('essays_tutor_idx').on(table.tutorId),
    // The admin dashboard counts essays by state.
    index('essays_status_idx').on(table.status),
    /** The pool: open essays by level and subject, newest first. */
    index('essays_pool_idx').on(table.academicLevel, table.subject, table.createdAt).where(sql`${table.status} = 'open'`),
    /** The unfiltered pool (every level a tutor may see), newest first: the index read backwards, stopping at the page size. */
    index('essays_pool_newest_idx').on(table.createdAt, table.id).where(sql`${table.status} = 'open'`),
    check('essays_word_counts_positive', sql`${table.originalWordCount} > 0 and ${table.wordCount} > 0`),
    check('essays_price_not_negative', sql`${table.pricePence} >= 0`),
    check('essays_score_range', sql`${table.score} is null or ${table.score} between 1 and 10`),
    // A held essay has a tutor; one in the pool has none (one tutor per accepted essay).
    check(
      'essays_holder_matches_status',
      sql`(${table.status} not in ('accepted', 'paid', 'completed', 'revision_requested') or ${table.tutorId} is not null) and (${table.status} not in ('awaiting_confirmation', 'open') or ${table.tutorId} is null)`,
    ),
  ],
);

export type EssayRow = typeof essays.$inferSelect;
export type NewEssayRow = typeof essays.$inferInsert;
