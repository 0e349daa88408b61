import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * The admins' audit log: one row per admin action — who, when, what, on whom,
 * the state before and after. Append-only: a trigger (migration `add-admin-area`) refuses UPDATE and DELETE, so a
 * row once written is the record, whoever connects.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin who acted. */
    actorId: uuid('actor_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** `tutor.approve`, `tutor.reject`, `user.ban`, `payment.status`, `moderation.resolve`, … (AuditAction). */
    action: text('action').notNull(),
    /** What the action is about: `user`, `payment`, `chat_report`, … */
    subjectType: text('subject_type').notNull(),
    /** The row acted on (a user, a payment, a report); the details dialogs list by it. */
    subjectId: uuid('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_subject_idx').on(table.subjectId, table.createdAt.desc()), index('audit_log_created_idx').on(table.createdAt.desc())],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
