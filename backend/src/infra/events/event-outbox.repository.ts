import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { DRIZZLE } from '../database/database.module.js';
import type { Database, Transaction } from '../database/database.types.js';
import { domainEventDeliveries, domainEvents, type DomainEventRow } from './events.schema.js';

/** The outbox's queries (the only Drizzle of infra/events). */
@Injectable()
export class EventOutboxRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(name: string, payload: unknown, occurredAt: Date, tx: Transaction): Promise<string> {
    const [row] = await tx.insert(domainEvents).values({ name, payload, occurredAt }).returning({ id: domainEvents.id });
    return row!.id;
  }

  async find(id: string): Promise<DomainEventRow | undefined> {
    const [row] = await this.db.select().from(domainEvents).where(eq(domainEvents.id, id));
    return row;
  }

  /**
   * Records that `subscriber` took the event, in the subscriber's transaction. False when it already had: a
   * concurrent delivery of the same pair waits on the primary key until the first commits, then finds it.
   */
  async claimDelivery(eventId: string, subscriber: string, at: Date, tx: Transaction): Promise<boolean> {
    const rows = await tx.insert(domainEventDeliveries).values({ eventId, subscriber, deliveredAt: at }).onConflictDoNothing().returning({ eventId: domainEventDeliveries.eventId });
    return rows.length > 0;
  }

  async markDispatched(id: string, at: Date): Promise<void> {
    await this.db.update(domainEvents).set({ dispatchedAt: at }).where(and(eq(domainEvents.id, id), isNull(domainEvents.dispatchedAt)));
  }

  /** One more failed dispatch, counted in SQL (two processes failing at once count two). */
  async markFailed(id: string, error: string): Promise<void> {
    await this.db
      .update(domainEvents)
      .set({ failedAttempts: sql`${domainEvents.failedAttempts} + 1`, lastError: error.slice(0, 2000) })
      .where(eq(domainEvents.id, id));
  }

  /** Events not yet handed to every subscriber, that occurred at or before `before`, oldest first. */
  async undispatched(before: Date, maxAttempts: number, limit: number): Promise<{ id: string }[]> {
    return this.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(isNull(domainEvents.dispatchedAt), lte(domainEvents.occurredAt, before), lt(domainEvents.failedAttempts, maxAttempts)))
      .orderBy(asc(domainEvents.occurredAt))
      .limit(limit);
  }

  /** When the oldest event still to dispatch (fewer than `maxAttempts` failures) occurred; null when none (the metrics' outbox lag). */
  async oldestUndispatchedAt(maxAttempts: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ occurredAt: domainEvents.occurredAt })
      .from(domainEvents)
      .where(and(isNull(domainEvents.dispatchedAt), lt(domainEvents.failedAttempts, maxAttempts)))
      .orderBy(asc(domainEvents.occurredAt))
      .limit(1);
    return row?.occurredAt ?? null;
  }

  /** Deletes events dispatched before `before` (their deliveries go with them). */
  async purgeDispatched(before: Date): Promise<number> {
    const rows = await this.db.delete(domainEvents).where(lt(domainEvents.dispatchedAt, before)).returning({ id: domainEvents.id });
    return rows.length;
  }
}
