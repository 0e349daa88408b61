// EssayTimers' transitions against the real PostgreSQL (STYLE.md, test layer 2): the guarded updates of
// EssaysRepository decide, so "a second run changes nothing" is the code's doing, not a fake's. Each transition is
// refused a moment before it is due, applied once when due, and refused again after: the row stays as the first
// run left it and no second notice is queued. The events each transition records are handed, after the commit, to
// the real subscribers that act on them (Notifications' mails, Chat's contexts), whose queue, chat store and mail
// are recording stand-ins (what they were asked to do is the outcome here; their own tests cover the rest); the
// clock is a FakeClock standing at a fixed instant.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../src/config/env.schema.js';
import { FakeClock } from '../src/infra/clock/fake-clock.js';
import type { Database, Transaction } from '../src/infra/database/database.types.js';
import type { EventContext } from '../src/infra/events/domain-events.service.js';
import type { DomainEvents } from '../src/infra/events/domain-events.service.js';
import * as schema from '../src/infra/database/schema/index.js';
import { essays, users, type EssayRow, type NewEssayRow } from '../src/infra/database/schema/index.js';
import type { MailService } from '../src/infra/mail/mail.service.js';
import type { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { ChatContextsSubscriber } from '../src/modules/chat/chat-contexts.subscriber.js';
import type { ChatRepository } from '../src/modules/chat/chat.repository.js';
import { EssayTimers } from '../src/modules/essays/essay-timers.service.js';
import { EssaysRepository } from '../src/modules/essays/essays.repository.js';
import { EssayNotifications } from '../src/modules/notifications/essay-notifications.subscriber.js';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository.js';
import { NotificationsService } from '../src/modules/notifications/notifications.service.js';
import type { ChatService } from '../src/modules/chat/chat.service.js';
import { Recipients } from '../src/modules/notifications/recipients.service.js';
import type { UsersService } from '../src/modules/users/users.service.js';
import { uniqueAddress } from './support/mail-catcher.js';

const T = new Date('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(T.getTime() + ms);

describe('EssayTimers on PostgreSQL: each transition once, when due', () => {
  let pool: pg.Pool;
  let database: Database;
  let config: AppConfig;
  let timers: EssayTimers;
  let clock: FakeClock;
  let studentId: string;
  let tutorId: string;
  /** What the service asked of its collaborators, in order. */
  let mails: { to: string; template: string; jobId?: string }[];
  let closedContexts: { kind: string; id: string }[];
  let enqueued: { name: string; jobId?: string }[];
  const windows = () => ({
    discussion: config.windows.wordCountWindowSeconds * 1000,
    marking: config.windows.markingDeadlineSeconds * 1000,
    payout: config.windows.payoutEligibilitySeconds * 1000,
    revision: config.windows.revisionWindowSeconds * 1000,
  });

  beforeAll(async () => {
    Logger.overrideLogger(false);
    config = loadConfig(process.env);
    pool = new pg.Pool({ connectionString: config.database.url, max: 2 });
    database = drizzle(pool, { schema });
    const person = async (role: 'student' | 'tutor') =>
      (await database.insert(users).values({ name: `${role} ${randomUUID().slice(0, 6)}`, email: uniqueAddress(`timers-${role}`), passwordHash: 'x', role }).returning())[0]!.id;
    studentId = await person('student');
    tutorId = await person('tutor');
  });
  afterAll(async () => {
    await pool?.end();
  });
  beforeEach(() => {
    mails = [];
    closedContexts = [];
    enqueued = [];
    clock = new FakeClock(T);
    const jobs = { enqueue: async (name: string, _payload: unknown, options: { jobId?: string } = {}) => void enqueued.push({ name, jobId: options.jobId }) };
    const chat = { closeContext: async (kind: string, id: string) => void closedContexts.push({ kind, id }) };
    const mail = { send: async (m: { to: string; template: string }, options: { jobId?: string } = {}) => void mails.push({ to: m.to, template: m.template, jobId: options.jobId }) };
    const users = {
      contacts: async (ids: string[]) =>
        database.select({ id: schema.users.id, name: schema.users.name, email: schema.users.email }).from(schema.users).where(inArray(schema.users.id, ids)),
    };
    const recipients = new Recipients(users as unknown as UsersService, mail as unknown as MailService, config);
    // The notices go through the real list (its table) and a socket nobody listens to.
    const socket = { push: () => undefined };
    const pushAtOnce = { afterCommit: (_tx: unknown, work: () => unknown) => void work() };
    const notices = new NotificationsService(new NotificationsRepository(database), recipients, socket as unknown as ChatService, clock, pushAtOnce as unknown as DomainEvents);
    const notifications = new EssayNotifications(recipients, notices, config);
    const contexts = new ChatContextsSubscriber(chat as unknown as ChatRepository);
    // The subscribers of the events these transitions record, as DomainEvents would find them.
    type Handler = (payload: never, context: EventContext) => Promise<void>;
    const subscribers: Record<string, Handler[]> = {
      'essay.returnedToPool': [(p, c) => contexts.closeReturned(p, c), (p, c) => notifications.returnedToPool(p, c)],
      'essay.markingOverdue': [(p, c) => notifications.markingOverdue(p, c)],
      'essay.revisionOverdue': [(p, c) => notifications.revisionOverdue(p, c)],
      'essay.payoutEligible': [(p, c) => notifications.payoutEligible(p, c)],
      'essay.revisionWindowClosed': [(p, c) => notifications.revisionWindowClosed(p, c)],
    };
    // The outbox as the transitions use it: events recorded in the transaction, handed over once it has committed.
    const recordedIn = new Map<unknown, { name: string; payload: unknown }[]>();
    const events = {
      transaction: async <R>(work: (tx: Transaction) => Promise<R>): Promise<R> => {
        const recorded: { name: string; payload: unknown }[] = [];
        const result = await database.transaction(async (tx) => {
          recordedIn.set(tx, recorded);
          return work(tx);
        });
        for (const event of recorded) {
          for (const handle of subscribers[event.name] ?? []) await handle(event.payload as never, { tx: database as unknown as Transaction, event: { id: randomUUID(), name: event.name as never, occurredAt: clock.now() } });
        }
        return result;
      },
      record: async (tx: unknown, name: string, payload: unknown) => void recordedIn.get(tx)!.push({ name, payload }),
    };
    timers = new EssayTimers(new EssaysRepository(database), jobs as unknown as JobQueue, events as unknown as DomainEvents, clock, config);
  });

  async function essay(values: Partial<NewEssayRow>): Promise<EssayRow> {
    const [row] = await database
      .insert(essays)
      .values({ studentId, title: 'Macbeth', subject: 'History', academicLevel: 'GCSE', originalWordCount: 10, wordCount: 10, pricePence: 1500, fileKey: `k/${randomUUID()}`, fileName: 'e.txt', fileMime: 'text/plain', ...values })
      .returning();
    return row!;
  }
  const row = async (id: string) => (await database.select().from(essays).where(eq(essays.id, id)))[0]!;
  /** What the service has done so far (the row, and every notice and chat change it asked for). */
  const effects = async (id: string) => ({ row: await row(id), mails: [...mails], closedContexts: [...closedContexts], enqueued: [...enqueued] });

  it('discussion expiry: not a millisecond early; then back to the pool once, the chat context closed and both told once', async () => {
    const accepted = await essay({ status: 'accepted', tutorId, acceptedAt: T });
    clock.set(at(windows().discussion - 1));
    expect(await timers.expireDiscussion(accepted.id)).toBe(false);
    expect(await effects(accepted.id)).toEqual({ row: accepted, mails: [], closedContexts: [], enqueued: [] });

    clock.set(at(windows().discussion));
    expect(await timers.expireDiscussion(accepted.id)).toBe(true);
    const once = await effects(accepted.id);
    expect(once.row).toMatchObject({ status: 'open', tutorId: null, acceptedAt: null, updatedAt: at(windows().discussion) });
    expect(once.closedContexts).toEqual([{ kind: 'essay', id: accepted.id }]);
    expect(once.mails.map((m) => [m.template, m.jobId]).sort()).toEqual([
      ['essays.returned-to-pool', `essay-returned.${accepted.id}.${T.getTime()}.student`],
      ['essays.returned-to-pool', `essay-returned.${accepted.id}.${T.getTime()}.tutor`],
    ]);

    clock.advance(60_000);
    expect(await timers.expireDiscussion(accepted.id)).toBe(false);
    expect(await effects(accepted.id)).toEqual(once);
  });

  it('discussion expiry leaves a paid essay with its tutor', async () => {
    const paid = await essay({ status: 'paid', tutorId, acceptedAt: T, paidTime: at(1000) });
    clock.set(at(windows().discussion));
    expect(await timers.expireDiscussion(paid.id)).toBe(false);
    expect(await effects(paid.id)).toEqual({ row: paid, mails: [], closedContexts: [], enqueued: [] });
  });

  it('marking deadline: flagged once when due (half the window when expedited), the student and support told once', async () => {
    const standard = await essay({ status: 'paid', tutorId, acceptedAt: T, paidTime: T });
    const expedited = await essay({ status: 'paid', tutorId, acceptedAt: T, paidTime: T, expedited: true });
    clock.set(at(windows().marking / 2));
    expect(await timers.flagOverdue(standard.id)).toBe(false);
    expect(await timers.flagOverdue(expedited.id)).toBe(true);
    expect((await row(expedited.id)).overdueAt).toEqual(at(windows().marking / 2));
    expect(await row(standard.id)).toEqual(standard);

    clock.set(at(windows().marking));
    expect(await timers.flagOverdue(standard.id)).toBe(true);
    const once = await effects(standard.id);
    expect(once.row.overdueAt).toEqual(at(windows().marking));
    expect(once.mails.filter((m) => m.jobId?.startsWith(`essay-overdue.${standard.id}.`)).map((m) => m.to)).toEqual([expect.stringMatching(/^timers-student-/), config.mail.supportEmail]);

    clock.advance(60_000);
    expect(await timers.flagOverdue(standard.id)).toBe(false);
    expect(await timers.flagOverdue(expedited.id)).toBe(false);
    expect(await effects(standard.id)).toEqual(once);
  });

  it('revision deadline: flagged once when due, the student and support told once', async () => {
    const requested = await essay({ status: 'revision_requested', tutorId, acceptedAt: T, paidTime: T, completedAt: T, revisionRequestedAt: T });
    clock.set(at(windows().marking - 1));
    expect(await timers.flagRevisionOverdue(requested.id)).toBe(false);
    clock.set(at(windows().marking));
    expect(await timers.flagRevisionOverdue(requested.id)).toBe(true);
    const once = await effects(requested.id);
    expect(once.row.overdueAt).toEqual(at(windows().marking));
    expect(once.mails.map((m) => m.jobId)).toEqual([`revision-overdue.${requested.id}.${T.getTime()}.student`, `revision-overdue.${requested.id}.${T.getTime()}.admin`]);
    expect(await timers.flagRevisionOverdue(requested.id)).toBe(false);
    expect(await effects(requested.id)).toEqual(once);
  });

  it('payout notice and revision window: each once when due; nothing when the student accepted the feedback first', async () => {
    const completed = await essay({ status: 'completed', tutorId, acceptedAt: T, paidTime: T, completedAt: T });
    const acceptedByStudent = await essay({ status: 'completed', tutorId, acceptedAt: T, paidTime: T, completedAt: T, studentAccept: true });
    clock.set(at(windows().payout - 1));
    expect(await timers.notifyPayoutEligible(completed.id)).toBe(false);
    clock.set(at(Math.max(windows().payout, windows().revision)));
    expect(await timers.notifyPayoutEligible(completed.id)).toBe(true);
    expect(await timers.closeRevisionWindow(completed.id)).toBe(true);
    const once = await effects(completed.id);
    expect(once.row).toMatchObject({ payoutNotifiedAt: clock.now(), revisionWindowClosedAt: clock.now() });
    expect(once.mails.map((m) => [m.template, m.jobId])).toEqual([
      ['essays.payout-eligible', `payout-eligible-mail.${completed.id}.${T.getTime()}`],
      ['essays.revision-window-closed', `revision-window-mail.${completed.id}.${T.getTime()}`],
    ]);
    expect(await timers.notifyPayoutEligible(completed.id)).toBe(false);
    expect(await timers.closeRevisionWindow(completed.id)).toBe(false);
    expect(await effects(completed.id)).toEqual(once);

    expect(await timers.notifyPayoutEligible(acceptedByStudent.id)).toBe(false);
    expect(await timers.closeRevisionWindow(acceptedByStudent.id)).toBe(false);
    expect(await row(acceptedByStudent.id)).toEqual(acceptedByStudent);
    expect(mails).toHaveLength(2);
  });
});
