import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * Where a masked text was written: every text one side writes for the other passes the one safeguarding rule
 * (contact details masked on write, the original kept here for moderators, the item on the admins' moderation queue).
 */
export const safeguardingSourceKind = pgEnum('safeguarding_source_kind', [
  'chat_message',
  'essay_feedback',
  'tutoring_description',
  'session_purpose',
  'essay_notes',
  'tutor_motivation',
]);

/**
 * One text whose contact details were masked as it was written: the original as its author wrote it (seen only by
 * admins, through the moderation queue), the masked text that was stored and served, and the kinds masked. Written
 * only by the safeguarding module; a flag is never updated.
 */
export const safeguardingFlags = pgTable(
  'safeguarding_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceKind: safeguardingSourceKind('source_kind').notNull(),
    /**
     * The thing the text belongs to: the chat message, the essay (feedback, notes), the tutor's user id (description,
     * motivation) or the tutoring session. No foreign key: those tables belong to their own modules.
     */
    sourceId: uuid('source_id').notNull(),
    authorId: uuid('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The one person the text was written for (the essay's student, the session's tutor), when there is one. */
    readerId: uuid('reader_id').references(() => users.id, { onDelete: 'set null' }),
    original: text('original').notNull(),
    masked: text('masked').notNull(),
    /** Kinds of contact detail masked (phone, email, link, handle); never empty. */
    kinds: text('kinds').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('safeguarding_flags_source_idx').on(table.sourceKind, table.sourceId), index('safeguarding_flags_created_idx').on(table.createdAt)],
);

export type SafeguardingFlagRow = typeof safeguardingFlags.$inferSelect;
export type NewSafeguardingFlagRow = typeof safeguardingFlags.$inferInsert;
export type SafeguardingSourceKind = (typeof safeguardingSourceKind.enumValues)[number];
