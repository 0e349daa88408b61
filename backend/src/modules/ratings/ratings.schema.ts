import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * A student's rating of a tutor for one thing they were served (an essay review now, a tutoring session later):
 * one per item (the unique key), 1–5 stars, optional feedback. The tutor's average is kept beside it in
 * `tutor_rating_summaries` (rating_sum / rating_count), changed in the same transaction.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    tutorId: uuid('tutor_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    rating: integer('rating').notNull(),
    feedback: text('feedback'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ratings_one_per_item').on(table.itemKind, table.itemId),
    index('ratings_tutor_idx').on(table.tutorId, table.createdAt),
    check('ratings_stars', sql`${table.rating} between 1 and 5`),
    check('ratings_item_kind', sql`${table.itemKind} in ('essay', 'tutoring_session')`),
    check('ratings_feedback_length', sql`${table.feedback} is null or char_length(${table.feedback}) <= 500`),
  ],
);

export type RatingRow = typeof ratings.$inferSelect;

/**
 * Each rated tutor's running sum and count of stars (average = sum / count), written with each rating in its
 * transaction, so Find Your Tutor and the admin lists read a tutor's average without counting the ratings. No row:
 * no rating yet.
 */
export const tutorRatingSummaries = pgTable(
  'tutor_rating_summaries',
  {
    tutorId: uuid('tutor_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
  },
  (table) => [check('tutor_rating_summaries_counts', sql`${table.ratingCount} >= 0 and ${table.ratingSum} >= 0`)],
);

export type TutorRatingSummaryRow = typeof tutorRatingSummaries.$inferSelect;
