import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/env.schema.js';
import { FakeClock } from '../../infra/clock/fake-clock.js';
import type { EssayRow } from '../../infra/database/schema/index.js';
import type { MailService } from '../../infra/mail/mail.service.js';
import type { JobQueue } from '../../infra/queue/job-queue.service.js';
import { onJobOptions } from '../../infra/queue/on-job.decorator.js';
import type { ChatService } from '../chat/chat.service.js';
import { EssayTimersHandler } from './essay-timers.handler.js';
import { EssayTimers } from './essay-timers.service.js';
import type { EssaysRepository } from './essays.repository.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const WINDOW_S = 86400;
const COMPLETED = new Date(NOW.getTime() - 8 * WINDOW_S * 1000);
const essay = { id: 'e1', studentId: 's1', title: 'Macbeth', updatedAt: NOW } as EssayRow;

/**
 * The service over recording fakes. The repository's guarded updates are not imitated: `guard.holds` says what
 * the real UPDATE … WHERE would answer, so each test states which case it is in. That a second run finds the
 * guard closed is the repository's doing, shown against PostgreSQL in test/essay-timers.integration.e2e-spec.ts.
 */
function setup() {
  const guard = { holds: true };
  const repository = {
    transaction: jest.fn(async <T>(work: (tx: unknown) => Promise<T>) => work({})),
    returnToPool: jest.fn(async (_id: string, _guard: unknown, _now: Date, beforeCommit: (r: { essay: EssayRow; tutorId: string; acceptedAt: Date }) => Promise<void>) => {
      if (!guard.holds) return undefined;
      const returned = { essay, tutorId: 't1', acceptedAt: new Date(NOW.getTime() - WINDOW_S * 1000) };
      await beforeCommit(returned);
      return returned;
    }),
    markOverdue: jest.fn(async (_id: string, _now: Date, _deadline: unknown, _tx?: unknown) => (guard.holds ? { ...essay, status: 'paid' as const, tutorId: 't1' } : undefined)),
    overdueMarking: jest.fn(async () => [] as { id: string; paidTime: Date; expedited: boolean }[]),
    expiredDiscussions: jest.fn(async () => [{ id: 'e2', acceptedAt: new Date(NOW.getTime() - WINDOW_S * 1000 - 5000) }]),
    overdueRevisions: jest.fn(async () => [] as { id: string; revisionRequestedAt: Date }[]),
    // One completion whose payout notice and revision window are both due: one pair of jobs, not two.
    payoutsDue: jest.fn(async () => [{ id: 'e3', completedAt: COMPLETED }]),
    revisionWindowsDue: jest.fn(async () => [{ id: 'e3', completedAt: COMPLETED }]),
    contacts: jest.fn(async () => [
      { id: 's1', name: 'Sam', email: 's@x.test' },
      { id: 't1', name: 'Tia', email: 't@x.test' },
    ]),
  };
  const jobs = { enqueue: jest.fn(async (_name: string, _payload: unknown, _options: unknown) => undefined) };
  const chat = { closeConversationContext: jest.fn(async () => undefined) };
  const mail = { send: jest.fn(async (_mail: unknown, _options: unknown) => undefined) };
  const config = { windows: { wordCountWindowSeconds: WINDOW_S, markingDeadlineSeconds: 2 * WINDOW_S, payoutEligibilitySeconds: 2 * WINDOW_S, revisionWindowSeconds: 7 * WINDOW_S }, mail: { supportEmail: 'support@x.test' } } as AppConfig;
  const timers = new EssayTimers(repository as unknown as EssaysRepository, jobs as unknown as JobQueue, chat as unknown as ChatService, mail as unknown as MailService, new FakeClock(NOW), config);
  return { handler: new EssayTimersHandler(timers), timers, repository, jobs, chat, mail, guard };
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

  it('expiry asks the repository to return the essay accepted before now − the window; returned, it closes the chat context and tells both sides', async () => {
    const { handler, repository, chat, mail } = setup();
    const job = { data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['expireWordCountWindow']>[0];
    expect(await handler.expireWordCountWindow(job)).toEqual({ returned: true });
    expect(repository.returnToPool).toHaveBeenCalledWith('e1', { acceptedBefore: new Date(NOW.getTime() - WINDOW_S * 1000) }, NOW, expect.any(Function));
    expect(chat.closeConversationContext).toHaveBeenCalledTimes(1);
    expect(mail.send).toHaveBeenCalledTimes(2);
    expect(mail.send).toHaveBeenCalledWith(expect.objectContaining({ to: 't@x.test', template: 'essays.returned-to-pool' }), { jobId: `essay-returned.e1.${NOW.getTime() - WINDOW_S * 1000}.tutor` });
  });

  it('expiry does nothing when the guard no longer holds (paid, re-accepted, or already returned)', async () => {
    const { handler, chat, mail, guard } = setup();
    guard.holds = false;
    expect(await handler.expireWordCountWindow({ data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['expireWordCountWindow']>[0])).toEqual({ returned: false });
    expect(chat.closeConversationContext).not.toHaveBeenCalled();
    expect(mail.send).not.toHaveBeenCalled();
  });

  it('the marking deadline is 48 h after paying (24 h expedited); flagging tells the student and support, and nobody when the guard refuses', async () => {
    const { handler, timers, jobs, repository, mail, guard } = setup();
    await timers.scheduleMarkingDeadline('e1', NOW, false);
    await timers.scheduleMarkingDeadline('e1', NOW, true);
    expect(jobs.enqueue.mock.calls.map((c) => c[2])).toEqual([
      { jobId: `marking-deadline.e1.${NOW.getTime()}`, delayMs: 2 * WINDOW_S * 1000 },
      { jobId: `marking-deadline.e1.${NOW.getTime()}`, delayMs: WINDOW_S * 1000 },
    ]);
    const job = { data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['flagMarkingOverdue']>[0];
    expect(await handler.flagMarkingOverdue(job)).toEqual({ flagged: true });
    expect(repository.markOverdue).toHaveBeenCalledWith('e1', NOW, { standard: 2 * WINDOW_S * 1000, expedited: WINDOW_S * 1000 }, expect.anything());
    expect(mail.send.mock.calls.map((c) => (c[0] as { to: string }).to)).toEqual(['s@x.test', 'support@x.test']);
    // Once flagged, the guarded update finds nothing more to flag: nobody is told again.
    guard.holds = false;
    expect(await handler.flagMarkingOverdue(job)).toEqual({ flagged: false });
    expect(mail.send).toHaveBeenCalledTimes(2);
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

  it('queues the notices before the return commits, so a crash after the commit cannot lose them', async () => {
    const { handler, repository, mail } = setup();
    const order: string[] = [];
    mail.send.mockImplementation(async () => void order.push('mail'));
    const original = repository.returnToPool.getMockImplementation()!;
    repository.returnToPool.mockImplementation(async (...args: Parameters<typeof original>) => {
      const returned = await original(...args);
      order.push('commit');
      return returned;
    });
    await handler.expireWordCountWindow({ data: { essayId: 'e1' } } as Parameters<EssayTimersHandler['expireWordCountWindow']>[0]);
    expect(order).toEqual(['mail', 'mail', 'commit']);
  });
});
