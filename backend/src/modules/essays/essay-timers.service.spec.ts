import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/env.schema.js';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { EssayRow } from './essays.schema.js';
import type { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { JobQueue } from '../../infra/queue/job-queue.service.js';
import { onJobOptions } from '../../infra/queue/on-job.decorator.js';
import { EssayTimersHandler } from './essay-timers.handler.js';
import { EssayTimers } from './essay-timers.service.js';
import type { EssaysRepository } from './essays.repository.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const WINDOW_S = 86400;
const COMPLETED = new Date(NOW.getTime() - 8 * WINDOW_S * 1000);
const essay = { id: 'e1', studentId: 's1', title: 'Macbeth', updatedAt: NOW } as EssayRow;

function setup() {
  let held = true;
  let overdue = false;
  const repository = {
    // The guarded update: only the first call finds the essay still accepted.
    returnToPool: jest.fn(async (_id: string, _guard: unknown, _now: Date, _tx: unknown) => {
      if (!held) return undefined;
      held = false;
      return { essay, tutorId: 't1', acceptedAt: new Date(NOW.getTime() - WINDOW_S * 1000) };
    }),
    markOverdue: jest.fn(async (_id: string, _now: Date, _deadline: unknown, _tx?: unknown) => (overdue ? undefined : ((overdue = true), { ...essay, status: 'paid', tutorId: 't1' }))),
    overdueMarking: jest.fn(async () => [] as { id: string; paidTime: Date; expedited: boolean }[]),
    expiredDiscussions: jest.fn(async () => [{ id: 'e2', acceptedAt: new Date(NOW.getTime() - WINDOW_S * 1000 - 5000) }]),
    overdueRevisions: jest.fn(async () => [] as { id: string; revisionRequestedAt: Date }[]),
    // One completion whose payout notice and revision window are both due: one pair of jobs, not two.
    payoutsDue: jest.fn(async () => [{ id: 'e3', completedAt: COMPLETED }]),
    revisionWindowsDue: jest.fn(async () => [{ id: 'e3', completedAt: COMPLETED }]),
  };
  const jobs = { enqueue: jest.fn(async (_name: string, _payload: unknown, _options: unknown) => undefined), remove: jest.fn(async (_name: string, _jobId: string) => undefined) };
  // The outbox as the change sees it: a transaction whose recorded events are kept only if the work commits.
  const TX = { tx: 'the change' };
  const committed: { name: string; payload: unknown }[] = [];
  const events = {
    transaction: jest.fn(async <T>(work: (tx: unknown) => Promise<T>) => {
      const recorded: { name: string; payload: unknown }[] = [];
      pending.set(TX, recorded);
      const result = await work(TX);
      committed.push(...recorded);
      return result;
    }),
    record: jest.fn(async (tx: unknown, name: string, payload: unknown) => void pending.get(tx)!.push({ name, payload })),
  };
  const pending = new Map<unknown, { name: string; payload: unknown }[]>();
  const config = { windows: { wordCountWindowSeconds: WINDOW_S, markingDeadlineSeconds: 2 * WINDOW_S, payoutEligibilitySeconds: 2 * WINDOW_S, revisionWindowSeconds: 7 * WINDOW_S }, payments: { platformCommissionPercent: 20 } } as AppConfig;
  const timers = new EssayTimers(repository as unknown as EssaysRepository, jobs as unknown as JobQueue, events as unknown as DomainEvents, { now: () => NOW } as Clock, config);
  return { handler: new EssayTimersHandler(timers), timers, repository, jobs, events, committed, TX };
}

describe('essay timers', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('serve their registry names on the essays queue', () => {
    expect(onJobOptions(EssayTimersHandler.prototype.expireWordCountWindow)).toEqual({ name: 'essay.wordcount.expire', queue: 'essays' });
    expect(onJobOptions(EssayTimersHandler.prototype.sweep)).toEqual({ name: 'essay.sweep-timers', queue: 'essays' });
  });

  it('schedule one job per acceptance, due at acceptedAt + the window', async () => {
    const { timers, jobs } = setup();
    const acceptedAt = new Date(NOW.getTime() - 1000);
    await timers.scheduleDiscussionExpiry('e1', acceptedAt);
    expect(jobs.enqueue).toHaveBeenCalledWith('essay.wordcount.expire', { essayId: 'e1' }, { jobId: `wordcount-expiry.e1.${acceptedAt.getTime()}`, delayMs: WINDOW_S * 1000 - 1000 });
  });

  it('expiry returns the essay once and records essay.returnedToPool with it (who held it, since when, why)', async () => {
    const { handler, repository, committed, TX } = setup();
    const job = { data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['expireWordCountWindow']>[0];
    expect(await handler.expireWordCountWindow(job)).toEqual({ returned: true });
    expect(await handler.expireWordCountWindow(job)).toEqual({ returned: false });
    expect(repository.returnToPool).toHaveBeenCalledWith('e1', { acceptedBefore: new Date(NOW.getTime() - WINDOW_S * 1000) }, NOW, TX);
    expect(committed).toEqual([
      {
        name: 'essay.returnedToPool',
        payload: { essayId: 'e1', title: 'Macbeth', studentId: 's1', tutorId: 't1', acceptedAt: new Date(NOW.getTime() - WINDOW_S * 1000).toISOString(), reason: 'expired' },
      },
    ]);
  });

  it('the marking deadline is 48 h after paying (24 h expedited) and flags the essay overdue once, recording essay.markingOverdue', async () => {
    const { handler, timers, jobs, repository, committed } = setup();
    await timers.scheduleMarkingDeadline('e1', NOW, false);
    await timers.scheduleMarkingDeadline('e1', NOW, true);
    expect(jobs.enqueue.mock.calls.map((c) => c[2])).toEqual([
      { jobId: `marking-deadline.e1.${NOW.getTime()}`, delayMs: 2 * WINDOW_S * 1000 },
      { jobId: `marking-deadline.e1.${NOW.getTime()}`, delayMs: WINDOW_S * 1000 },
    ]);
    const job = { data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['flagMarkingOverdue']>[0];
    expect(await handler.flagMarkingOverdue(job)).toEqual({ flagged: true });
    expect(await handler.flagMarkingOverdue(job)).toEqual({ flagged: false });
    expect(repository.markOverdue).toHaveBeenCalledWith('e1', NOW, { standard: 2 * WINDOW_S * 1000, expedited: WINDOW_S * 1000 }, expect.anything());
    expect(committed).toEqual([{ name: 'essay.markingOverdue', payload: { essayId: 'e1', title: 'Macbeth', studentId: 's1', tutorId: 't1' } }]);
  });

  it('the sweeper only enqueues, under the same ids, and can run twice', async () => {
    const { handler, jobs } = setup();
    expect(await handler.sweep()).toEqual({ enqueued: 2 });
    expect(await handler.sweep()).toEqual({ enqueued: 2 });
    expect(jobs.enqueue).toHaveBeenCalledTimes(6);
    expect(jobs.enqueue.mock.calls.slice(0, 3)).toEqual(jobs.enqueue.mock.calls.slice(3));
    expect(jobs.enqueue.mock.calls.slice(0, 3).map((call) => [call[0], call[2]])).toEqual([
      ['essay.wordcount.expire', { jobId: expect.stringMatching(/^wordcount-expiry\.e2\.\d+$/), delayMs: 0 }],
      ['essay.payout.eligible', { jobId: `payout-eligible.e3.${COMPLETED.getTime()}`, delayMs: 0 }],
      ['essay.revision-window.close', { jobId: `revision-window.e3.${COMPLETED.getTime()}`, delayMs: 0 }],
    ]);
  });

  it('never fails its caller when Redis refuses the job (the sweeper repairs it later)', async () => {
    const { timers, jobs } = setup();
    jobs.enqueue.mockRejectedValue(new Error('Connection is closed.'));
    await expect(timers.scheduleDiscussionExpiry('e1', NOW)).resolves.toBeUndefined();
    await expect(timers.scheduleCompletionTimers('e1', NOW)).resolves.toBeUndefined();
    await expect(timers.scheduleRevisionDue('e1', NOW)).resolves.toBeUndefined();
    expect(jobs.enqueue).toHaveBeenCalledTimes(4);
  });

  it('records the event in the change\'s own transaction, so a change that rolls back leaves no event behind', async () => {
    const { handler, repository, events, committed } = setup();
    repository.returnToPool.mockImplementationOnce(async () => {
      throw new Error('deadlock detected');
    });
    await expect(handler.expireWordCountWindow({ data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['expireWordCountWindow']>[0])).rejects.toThrow('deadlock detected');
    expect(events.record).not.toHaveBeenCalled();
    expect(committed).toEqual([]);
  });

  it('cancels a timer by its deterministic id, and a refusal (a running job) never fails the caller', async () => {
    const { timers, jobs } = setup();
    await timers.cancelDiscussionExpiry('e1', NOW);
    expect(jobs.remove).toHaveBeenCalledWith('essay.wordcount.expire', `wordcount-expiry.e1.${NOW.getTime()}`);
    jobs.remove.mockRejectedValueOnce(new Error('Job is locked'));
    await expect(timers.cancelDiscussionExpiry('e1', NOW)).resolves.toBeUndefined();
  });
});
