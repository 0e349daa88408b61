import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Clock } from '../clock/clock.service.js';
import type { DbOrTx, Transaction } from '../database/database.types.js';
import type { DomainEventRow } from './events.schema.js';
import { decoratedMethods } from '../discovery/decorated-methods.js';
import type { DomainEventPayloads, EventMeta, EventName } from './domain-event-registry.js';
import { EventOutboxRepository } from './event-outbox.repository.js';
import { onEventMetadata } from './on-event.decorator.js';

/** What a subscriber method receives beside the payload. */
export interface EventContext {
  /** The transaction its delivery is recorded in: writes made with it happen once, with the delivery. */
  tx: Transaction;
  event: EventMeta;
}

/** An outbox row as dispatch needs it (read back by the relay, or kept from `record` by the recording process). */
type OutboxEvent = Pick<DomainEventRow, 'id' | 'name' | 'payload' | 'occurredAt' | 'dispatchedAt'>;

interface Subscriber {
  /** `Class.method`: the delivery's name in the outbox (stable while the method keeps its name). */
  label: string;
  phase: 'afterCommit' | 'inTransaction';
  handle: (payload: unknown, context: EventContext) => Promise<unknown>;
}

/** After this many failed dispatches an event is left for a person (it stays in the outbox with its last error). */
export const MAX_DISPATCH_ATTEMPTS = 10;
/** The relay leaves events this young to the process that recorded them (it dispatches right after its commit). */
export const RELAY_GRACE_MS = 5_000;

/**
 * Domain events through a transactional outbox (docs/architecture.md "Domain events"). A service records what
 * happened with the transaction that made it happen (`record(tx, 'essay.accepted', …)`), so the event commits or
 * rolls back with the change. When the transaction was opened by `transaction()`, its events are dispatched right
 * after the commit, before the call returns; anything left undispatched (a crash in between, a failing subscriber,
 * an event recorded in someone else's transaction) is dispatched by the relay job. Each subscriber's delivery is
 * recorded in its own transaction, so a replay skips what already happened: nothing is done twice.
 */
@Injectable()
export class DomainEvents implements OnApplicationBootstrap {
  private readonly logger = new Logger('DomainEvents');
  private readonly subscribers = new Map<string, Subscriber[]>();
  /** Events recorded in a transaction opened by `transaction()`, dispatched once it commits. */
  private readonly pending = new WeakMap<Transaction, OutboxEvent[]>();
  /** Work for after a transaction opened by `transaction()` commits (`afterCommit`). */
  private readonly committed = new WeakMap<Transaction, (() => unknown)[]>();

  constructor(
    private readonly outbox: EventOutboxRepository,
    private readonly clock: Clock,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onApplicationBootstrap(): void {
    for (const { metadata, label, call } of decoratedMethods(this.discovery, this.scanner, onEventMetadata)) {
      this.subscribers.set(metadata.name, [...(this.subscribers.get(metadata.name) ?? []), { label, phase: metadata.phase, handle: call }]);
    }
  }

  /** The subscribers of `name` (`Class.method`), for start-up logs and tests. */
  subscribersOf(name: EventName): string[] {
    return (this.subscribers.get(name) ?? []).map((s) => s.label);
  }

  /**
   * Runs `work` in a transaction and dispatches the events it recorded once it has committed. A subscriber's
   * failure never fails the caller (the change is done; the relay retries the delivery).
   */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const recorded: OutboxEvent[] = [];
    const afterCommit: (() => unknown)[] = [];
    const result = await this.outbox.transaction(async (tx) => {
      this.pending.set(tx, recorded);
      this.committed.set(tx, afterCommit);
      return work(tx);
    });
    for (const run of afterCommit) {
      try {
        await run();
      } catch (error) {
        this.logger.warn(`work after a commit failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    for (const event of recorded) await this.dispatch(event);
    return result;
  }

  /**
   * Runs `work` once `tx` has committed, never if it rolls back: for what cannot be taken back and must not tell of
   * a change that may not happen (a live push to a browser). At once when `tx` is not one of `transaction()`'s (or
   * there is none): its commit cannot be awaited here. A failure is logged, never thrown (the change is done).
   */
  afterCommit(tx: DbOrTx | undefined, work: () => unknown): void {
    const queue = tx ? this.committed.get(tx as Transaction) : undefined;
    if (queue) queue.push(work);
    else
      void Promise.resolve()
        .then(work)
        .catch((error: unknown) => this.logger.warn(`work after a commit failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /**
   * Records an event in `tx` (the transaction of the change it reports), and runs its `inTransaction` subscribers
   * there and then (their failure fails the change).
   */
  async record<N extends EventName>(tx: Transaction, name: N, payload: DomainEventPayloads[N]): Promise<string> {
    const occurredAt = this.clock.now();
    const id = await this.outbox.insert(name, payload, occurredAt, tx);
    for (const subscriber of this.subscribers.get(name) ?? []) {
      if (subscriber.phase !== 'inTransaction') continue;
      await this.outbox.claimDelivery(id, subscriber.label, occurredAt, tx);
      await subscriber.handle(payload, { tx, event: { id, name, occurredAt } });
    }
    // Outside a transaction of ours (e.g. a savepoint, or another module's transaction), the relay dispatches it.
    this.pending.get(tx)?.push({ id, name, payload, occurredAt, dispatchedAt: null });
    return id;
  }

  /**
   * Hands one event to each of its subscribers that has not taken it yet, each in its own transaction with its
   * delivery row (an `inTransaction` subscriber has taken it with the change; a replay finds its row and skips it).
   * True when every subscriber has now taken it (the event is marked dispatched). Given the event as just recorded,
   * it is not read back.
   */
  async dispatch(event: string | OutboxEvent): Promise<boolean> {
    const row = typeof event === 'string' ? await this.outbox.find(event) : event;
    if (!row || row.dispatchedAt) return true;
    const meta: EventMeta = { id: row.id, name: row.name as EventName, occurredAt: row.occurredAt };
    const failures: string[] = [];
    for (const subscriber of this.subscribers.get(row.name) ?? []) {
      try {
        // Events a subscriber records with its delivery's `tx` (a ban returning essays to the pool) follow its commit.
        await this.transaction(async (tx) => {
          if (!(await this.outbox.claimDelivery(row.id, subscriber.label, this.clock.now(), tx))) return;
          await subscriber.handle(row.payload, { tx, event: meta });
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${subscriber.label}: ${message}`);
        this.logger.warn(`event ${row.name} (${row.id}) not taken by ${subscriber.label} (the relay will retry): ${message}`);
      }
    }
    if (failures.length > 0) {
      await this.outbox.markFailed(row.id, failures.join('; ')).catch(() => undefined);
      return false;
    }
    await this.outbox.markDispatched(row.id, this.clock.now());
    return true;
  }

  /**
   * The relay: dispatches events left undispatched (older than RELAY_GRACE_MS, fewer than MAX_DISPATCH_ATTEMPTS
   * failures) and forgets those dispatched over `keepDays` ago. Safe to run twice, or on two workers at once.
   */
  async relay(options: { limit?: number; keepDays?: number } = {}): Promise<{ dispatched: number; failed: number; purged: number }> {
    const now = this.clock.now();
    const due = await this.outbox.undispatched(new Date(now.getTime() - RELAY_GRACE_MS), MAX_DISPATCH_ATTEMPTS, options.limit ?? 200);
    let dispatched = 0;
    let failed = 0;
    for (const { id } of due) {
      if (await this.dispatch(id)) dispatched += 1;
      else failed += 1;
    }
    const purged = await this.outbox.purgeDispatched(new Date(now.getTime() - (options.keepDays ?? 7) * 24 * 3600 * 1000));
    if (dispatched + failed > 0) this.logger.log(`relay: ${dispatched} event(s) dispatched late, ${failed} still failing`);
    return { dispatched, failed, purged };
  }
}
