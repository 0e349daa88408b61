import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox of domain events (docs/architecture.md "Domain events"): a module records what happened
 * in the same transaction as the change, so the event exists exactly when the change does. After the commit the
 * event is handed to its subscribers; `dispatched_at` is set once every subscriber has taken it. A crash between
 * the commit and the dispatch leaves it undispatched, and the relay job hands it over later.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Dispatches that left at least one subscriber failing; the relay stops retrying after a few. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    // The relay's question: what is still undispatched, oldest first.
    index('domain_events_undispatched_idx').on(table.occurredAt).where(sql`${table.dispatchedAt} is null`),
  ],
);

/**
 * One row per (event, subscriber) that has taken the event, written in the subscriber's own transaction: a replayed
 * event (the relay, a second process) skips the subscribers that already acted, so nothing happens twice.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    eventId: uuid('event_id').notNull().references(() => domainEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.subscriber] })],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
