import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/**
 * The in-app notification list: one row per notice to one person, written by the Notifications module's
 * subscribers from the domain events. `dedupeKey` names the event's moment (`essay-paid.<essayId>.<at>`): a replayed
 * event adds nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** One of shared/notifications.ts NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The web app's page it leads to (a path, not a URL), or null. */
    path: text('path'),
    /** The essay it is about (no foreign key: the essays table is another module's). */
    essayId: uuid('essay_id'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_unique').on(table.userId, table.dedupeKey),
    index('notifications_user_newest_idx').on(table.userId, table.createdAt.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/** Kinds a person switched off (only switchable kinds are ever stored: shared/notifications.ts). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mutedKinds: text('muted_kinds').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NotificationRow = typeof notifications.$inferSelect;
