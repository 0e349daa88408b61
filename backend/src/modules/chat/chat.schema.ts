import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** What makes a student and a tutor contacts: a shared essay (from acceptance) or a confirmed session. */
export const chatContextKind = pgEnum('chat_context_kind', ['essay', 'session']);
export const chatSenderRole = pgEnum('chat_sender_role', ['student', 'tutor']);

/** One thread per student–tutor pair; read marks and the student's block live on it. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tutorId: uuid('tutor_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    studentLastReadAt: timestamp('student_last_read_at', { withTimezone: true }),
    tutorLastReadAt: timestamp('tutor_last_read_at', { withTimezone: true }),
    /** Set when the student blocks the tutor: no messages either way until cleared. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_conversations_pair_unique').on(table.studentId, table.tutorId), index('chat_conversations_tutor_idx').on(table.tutorId)],
);

/** The essays and sessions a conversation exists for; a pair with none left is no longer a contact. */
export const chatConversationContexts = pgTable(
  'chat_conversation_contexts',
  {
    conversationId: uuid('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    kind: chatContextKind('kind').notNull(),
    /** The essay or tutoring session id (no foreign key: those tables belong to their own modules). */
    refId: uuid('ref_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.kind, table.refId] })],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    senderRole: chatSenderRole('sender_role').notNull(),
    /** Already masked; a flagged message's original is the moderators' alone (safeguarding_flags). */
    content: text('content').notNull(),
    essayId: uuid('essay_id'),
    /** Kinds of contact detail masked out (phone, email, link, handle); non-empty means flagged. */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    /** The sending app's id for this send (kept by its retries): one message per sender and client id. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_thread_idx').on(table.conversationId, table.createdAt.desc(), table.id.desc()),
    index('chat_messages_flagged_idx').on(table.createdAt).where(sql`cardinality(${table.flags}) > 0`),
    // Messages without a client id (nulls are distinct) are never matched.
    uniqueIndex('chat_messages_sender_client_unique').on(table.senderId, table.clientId),
  ],
);

/** A participant's report of a conversation, for the admins. */
export const chatReports = pgTable('chat_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
  reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  resolved: boolean('resolved').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What an admin did about a moderation item (flagged message, report, block or a masked text from elsewhere). */
export const chatModerationAction = pgEnum('chat_moderation_action', ['dismiss', 'warn', 'ban']);
export const chatModerationSubject = pgEnum('chat_moderation_subject', ['message', 'report', 'block', 'text']);

/**
 * An admin's resolution of one moderation item (a flagged message, a report or a conversation's block), stored once:
 * the queue shows it resolved; who and why are also in the audit log.
 */
export const chatModerationResolutions = pgTable(
  'chat_moderation_resolutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectKind: chatModerationSubject('subject_kind').notNull(),
    /** The message's, report's, (for a block) conversation's or (for a text) safeguarding flag's id. */
    subjectId: uuid('subject_id').notNull(),
    action: chatModerationAction('action').notNull(),
    /** Who was warned or banned (null for a dismissal). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    resolvedBy: uuid('resolved_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_moderation_resolutions_subject_unique').on(table.subjectKind, table.subjectId)],
);

export type ChatModerationResolutionRow = typeof chatModerationResolutions.$inferSelect;
export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatReportRow = typeof chatReports.$inferSelect;
