// Domain events through the outbox, against the real PostgreSQL and Redis: dispatched after the commit, never
// before or without it; a crash between commit and dispatch is repaired by the relay; a replay, a concurrent
// dispatch or a retried failure does nothing twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
import { DomainEvents } from '../src/infra/events/domain-events.service.js';
import { EventOutboxRepository } from '../src/infra/events/event-outbox.repository.js';
import { REDIS } from '../src/infra/redis/redis.module.js';
import { bootApp } from './support/app.js';
import { pingKeys, PingSubscribersModule } from './support/ping-subscribers.module.js';

describe('domain events (transactional outbox)', () => {
  let app: NestFastifyApplication;
  let events: DomainEvents;
  let outbox: EventOutboxRepository;
  let redis: Redis;

  const counts = async (run: string) => redis.hgetall(pingKeys(run).counts);

  beforeAll(async () => {
    // No workers: the relay runs only when a test calls it.
    ({ app } = await bootApp({}, { workers: false, modules: [PingSubscribersModule] }));
    events = app.get(DomainEvents);
    outbox = app.get(EventOutboxRepository);
    redis = app.get(REDIS);
  });
  afterAll(async () => {
    await app.close();
  });

  it('finds each subscriber of an event', () => {
    expect(events.subscribersOf('test.pinged')).toEqual(['PingSubscribers.first', 'PingSubscribers.second']);
    expect(events.subscribersOf('essay.accepted')).toEqual(expect.arrayContaining(['ChatContextsSubscriber.open', 'EssayTimersSubscriber.startDiscussion']));
  });

  it('hands a recorded event to every subscriber once the transaction commits, and a second dispatch does nothing', async () => {
    const run = randomUUID();
    let seenInside: Record<string, string> | undefined;
    const id = await events.transaction(async (tx) => {
      const recorded = await events.record(tx, 'test.pinged', { run });
      seenInside = await counts(run);
      return recorded;
    });
    expect(seenInside).toEqual({});
    expect(await counts(run)).toEqual({ first: '1', second: '1' });
    expect((await outbox.find(id))?.dispatchedAt).toBeInstanceOf(Date);
    expect(await events.dispatch(id)).toBe(true);
    expect(await counts(run)).toEqual({ first: '1', second: '1' });
  });

  it('records nothing and tells nobody when the transaction rolls back', async () => {
    const run = randomUUID();
    let id = '';
    await expect(
      events.transaction(async (tx) => {
        id = await events.record(tx, 'test.pinged', { run });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox.find(id)).toBeUndefined();
    expect(await counts(run)).toEqual({});
  });

  it('runs work queued with afterCommit once the transaction has committed, and never when it rolls back', async () => {
    const ran: string[] = [];
    let insideDone = false;
    await events.transaction(async (tx) => {
      events.afterCommit(tx, () => ran.push(`after commit (work done: ${insideDone})`));
      expect(ran).toEqual([]);
      insideDone = true;
    });
    expect(ran).toEqual(['after commit (work done: true)']);

    await expect(
      events.transaction(async (tx) => {
        events.afterCommit(tx, () => ran.push('after a rollback'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(ran).toEqual(['after commit (work done: true)']);

    // A failure after the commit is the worker's to log, not the caller's: the change is done.
    await expect(events.transaction(async (tx) => events.afterCommit(tx, () => Promise.reject(new Error('push failed'))))).resolves.toBeUndefined();
  });

  it('a crash between commit and dispatch loses nothing: the relay hands the event over, once', async () => {
    const run = randomUUID();
    // What a process that died right after its commit leaves behind: the event, a minute old, undispatched.
    const id = await outbox.transaction((tx) => outbox.insert('test.pinged', { run }, new Date(Date.now() - 60_000), tx));
    expect(await counts(run)).toEqual({});
    const first = await events.relay();
    expect(first.dispatched).toBeGreaterThanOrEqual(1);
    expect(await counts(run)).toEqual({ first: '1', second: '1' });
    await events.relay();
    expect(await counts(run)).toEqual({ first: '1', second: '1' });
    expect((await outbox.find(id))?.dispatchedAt).toBeInstanceOf(Date);
  });

  it('a failing subscriber does not fail the caller; the retry runs only the one that failed', async () => {
    const run = randomUUID();
    await redis.set(pingKeys(run).failures, '1');
    const id = await events.transaction((tx) => events.record(tx, 'test.pinged', { run }));
    expect(await counts(run)).toEqual({ first: '1' });
    const failed = await outbox.find(id);
    expect(failed).toMatchObject({ dispatchedAt: null, failedAttempts: 1, lastError: 'PingSubscribers.second: SMTP is down' });
    expect(await events.dispatch(id)).toBe(true);
    expect(await counts(run)).toEqual({ first: '1', second: '1' });
  });

  it('two dispatches of the same event at once (two processes) still run each subscriber once', async () => {
    const run = randomUUID();
    const id = await outbox.transaction((tx) => outbox.insert('test.pinged', { run }, new Date(), tx));
    await Promise.all([events.dispatch(id), events.dispatch(id), events.dispatch(id)]);
    expect(await counts(run)).toEqual({ first: '1', second: '1' });
  });

  it('runs an inTransaction subscriber inside the recording transaction: before the commit, and its failure undoes the change', async () => {
    const run = randomUUID();
    let seenInside: Record<string, string> | undefined;
    const id = await events.transaction(async (tx) => {
      const recorded = await events.record(tx, 'test.pingedInside', { run, fail: false });
      seenInside = await counts(run);
      return recorded;
    });
    expect(seenInside).toEqual({ inside: '1' });
    expect((await outbox.find(id))?.dispatchedAt).toBeInstanceOf(Date);
    await events.dispatch(id);
    expect(await counts(run)).toEqual({ inside: '1' });

    let failedId = '';
    await expect(
      events.transaction(async (tx) => {
        failedId = await outbox.insert('test.placeholder', {}, new Date(), tx);
        await events.record(tx, 'test.pingedInside', { run, fail: true });
      }),
    ).rejects.toThrow('the context could not be written');
    expect(await outbox.find(failedId)).toBeUndefined();
  });
});
