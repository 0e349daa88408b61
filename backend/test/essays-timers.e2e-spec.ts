// The essay timers on the real queue and worker, on a clock the test moves: the 24 h discussion
// expiry returns an unpaid accepted essay to the pool once, leaves a paid one alone; the marking and revision
// deadlines, the payout notice and the revision window each act once, and only while the state still calls for
// them; the sweeper re-creates jobs that Redis lost. The windows are production's: the test advances the app's
// FakeClock past one and promotes the delayed job (support/time.ts) instead of waiting. One smoke test at the
// end keeps a real 1 s window, with the job firing by itself.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { AppConfig } from '../src/config/env.schema.js';
import type { FakeClock } from '../src/infra/clock/fake-clock.js';
import { essays, tutorProfiles, type EssayRow } from '../src/infra/database/schema/index.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { ESSAYS_QUEUE } from '../src/modules/essays/essays.jobs.js';
import { JobWorkers } from '../src/infra/queue/job-workers.service.js';
import { EssayTimers } from '../src/modules/essays/essay-timers.service.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { mailsTo, waitForMails } from './support/mail-catcher.js';
import { queuesIdle, runDelayedJob } from './support/time.js';

const FEEDBACK = 'A clear argument with good use of evidence. '.repeat(7);
/** An instant `seconds` after the ISO instant `at`, as the API writes it. */
const later = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();
/** Production's 7-day sessions would end when the clock jumps past the 7-day revision window. */
const LONG_SESSIONS = { JWT_TTL_SECONDS: String(60 * 86400) };

/** The student's and tutor's steps through the API of `app`. */
function essayFlow(app: NestFastifyApplication, student: TestAccount, tutor: TestAccount) {
  const http = () => request(app.getHttpServer());
  const row = async (id: string) => (await db(app).select().from(essays).where(eq(essays.id, id)))[0]!;
  return {
    http,
    row,
    async acceptedEssay(title: string): Promise<EssayRow> {
      const uploaded = await http()
        .post('/api/student/uploadEssay')
        .set(bearer(student.token))
        .field('title', title)
        .field('subject', 'History')
        .field('academicLevel', 'GCSE')
        .attach('file', Buffer.from('one two three four five six seven eight nine ten'), 'essay.txt')
        .expect(200);
      const essayId = uploaded.body.essayId as string;
      await http().post('/api/student/updateWordCount').set(bearer(student.token)).send({ essayId, wordCount: 10 }).expect(200);
      await http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId }).expect(200);
      return row(essayId);
    },
    /** Polls the row until it reaches `status` (bounded); the row as it then is. */
    async waitFor(id: string, status: EssayRow['status'], timeoutMs = 10_000): Promise<EssayRow> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const current = await row(id);
        if (current.status === status || Date.now() > end) return current;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    contacts: async () => ((await http().get('/api/student/getAllContacts').set(bearer(student.token)).expect(200)).body.tutors as { _id: string }[]).map((t) => t._id),
  };
}

describe('essay timers (FakeClock, promoted jobs)', () => {
  let app: NestFastifyApplication;
  let clock: FakeClock;
  let config: AppConfig;
  let student: TestAccount;
  let tutor: TestAccount;
  let flow: ReturnType<typeof essayFlow>;
  const http = () => flow.http();
  const row = (id: string) => flow.row(id);
  const acceptedEssay = (title: string) => flow.acceptedEssay(title);
  const seconds = () => ({
    window: config.windows.wordCountWindowSeconds,
    marking: config.windows.markingDeadlineSeconds,
    payout: config.windows.payoutEligibilitySeconds,
    revisionWindow: config.windows.revisionWindowSeconds,
  });
  /** Moves the app's clock `s` seconds on (every job due meanwhile is still waiting in Redis until promoted). */
  const advance = (s: number) => clock.advance(s * 1000);
  const run = (jobId: string) => runDelayedJob(app, ESSAYS_QUEUE, jobId);

  beforeAll(async () => {
    ({ app, clock, config } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', ...LONG_SESSIONS }));
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'Bachelors' }).where(eq(tutorProfiles.userId, tutor.user.id));
    flow = essayFlow(app, student, tutor);
  });
  // Each test starts at the real "now", with its own essays.
  afterEach(() => {
    clock.reset();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function paid(essay: EssayRow): Promise<void> {
    const url = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId: essay.id }).expect(200)).body.paymentUrl as string);
    await http().post(url.pathname).type('form').send({ action: 'pay' }).expect(303);
  }
  const mark = (essayId: string, score = '7') => http().post('/api/tutor/markEssay').set(bearer(tutor.token)).field('essayID', essayId).field('score', score).field('feedback', FEEDBACK).expect(200);
  /**
   * How many mails with this subject reached the address: once `atLeast` arrived (bounded wait), or, without
   * `atLeast`, once the essays and mail queues are idle (nothing more is on its way).
   */
  async function countSubject(address: string, subject: string, options: { atLeast?: number } = {}): Promise<number> {
    const count = async () => (await mailsTo(address)).filter((m) => m.subject === subject).length;
    if (options.atLeast === undefined) {
      await queuesIdle(app);
      return count();
    }
    const end = Date.now() + 10_000;
    for (;;) {
      const n = await count();
      if (n >= options.atLeast || Date.now() > end) return n;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const completedAt = async (id: string) => (await row(id)).completedAt!.getTime();

  it('returns an unpaid accepted essay to the pool when the window closes, closes the chat context and tells both', async () => {
    const essay = await acceptedEssay('Expiring essay');
    expect(await flow.contacts()).toContain(tutor.user.id);
    advance(seconds().window);
    expect(await run(`wordcount-expiry.${essay.id}.${essay.acceptedAt!.getTime()}`)).toEqual({ returned: true });
    const back = await row(essay.id);
    expect(back).toMatchObject({ status: 'open', tutorId: null, acceptedAt: null });
    expect(await flow.contacts()).not.toContain(tutor.user.id);
    // The student was told of the acceptance first, then of the return; the tutor of the return only.
    const toStudent = (await waitForMails(student.user.email, 2)).map((mail) => mail.subject);
    const [toTutor] = await waitForMails(tutor.user.email);
    expect(toStudent.sort()).toEqual(['"Expiring essay" is back in the essay pool', 'A tutor accepted "Expiring essay"']);
    expect(toTutor!.subject).toBe('"Expiring essay" is back in the essay pool');
    const pool = await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);
    expect((pool.body.essays as { _id: string }[]).map((e) => e._id)).toContain(essay.id);
  });

  it('leaves a paid essay with its tutor, and flags it overdue once the marking deadline passes unmarked', async () => {
    const essay = await acceptedEssay('Paid in time');
    await paid(essay);
    const paidTime = (await row(essay.id)).paidTime!.getTime();
    advance(Math.max(seconds().window, seconds().marking));
    // Paying removed the discussion's expiry job (essay.paid); one that could not be removed finds the essay paid.
    expect(await app.get(JobQueue).queue(ESSAYS_QUEUE).getJob(`wordcount-expiry.${essay.id}.${essay.acceptedAt!.getTime()}`)).toBeUndefined();
    expect(await app.get(EssayTimers).expireDiscussion(essay.id)).toBe(false);
    expect(await run(`marking-deadline.${essay.id}.${paidTime}`)).toEqual({ flagged: true });
    const paidRow = await row(essay.id);
    expect(paidRow).toMatchObject({ status: 'paid', tutorId: tutor.user.id });
    expect(paidRow.overdueAt).not.toBeNull();
    const held = await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: essay.id }).expect(200);
    expect(held.body.essay).toMatchObject({ overdue: true, paymentStatus: 'Paid' });
    expect(await countSubject(student.user.email, 'Feedback on "Paid in time" is overdue', { atLeast: 1 })).toBe(1);
    // It invites the student to contact support: a reply reaches it; its button leads to the essay.
    const late = (await mailsTo(student.user.email)).find((mail) => mail.subject === 'Feedback on "Paid in time" is overdue')!;
    expect(late.replyTo?.[0]?.address).toBe(config.mail.supportEmail);
    expect(late.html).toContain(`href="${config.webOrigin}/student/essay/${essay.id}"`);
  });

  it('the sweeper re-creates an expiry job that Redis lost', async () => {
    const essay = await acceptedEssay('Lost job essay');
    const queue = app.get(JobQueue).queue('essays');
    const job = await queue.getJob(`wordcount-expiry.${essay.id}.${essay.acceptedAt!.getTime()}`);
    expect(job).toBeDefined();
    await job!.remove();
    advance(seconds().window + 1);
    // Due, but with its job gone nothing returns it…
    await queuesIdle(app);
    expect((await row(essay.id)).status).toBe('accepted');
    // …until the sweeper finds it in SQL and queues the same transition (due now: it runs at once).
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    expect((await flow.waitFor(essay.id, 'open')).status).toBe('open');
  });

  it('sends the clocks as instants computed from the configured windows', async () => {
    const { window, marking, payout, revisionWindow } = seconds();
    const accepted = await acceptedEssay('Instants essay');
    // Within the discussion: the essay as the tutor and the student read it.
    const held = (await http().get(`/api/essays/${accepted.id}`).set(bearer(tutor.token)).expect(200)).body.essay;
    expect(held).toMatchObject({ state: 'accepted', discussionEndsAt: later(held.acceptedAt, window), markingDueAt: null, refundableUntil: null, payoutAvailableAt: null });
    expect(Date.parse(held.discussionEndsAt) - Date.parse(held.acceptedAt)).toBe(window * 1000);

    await paid(accepted);
    const paidView = (await http().get(`/api/student/essay/${accepted.id}`).set(bearer(student.token)).expect(200)).body.essay;
    // The refund window is not configurable: 24 h after paying, whatever the other windows.
    expect(paidView).toMatchObject({ state: 'paid', discussionEndsAt: null, markingDueAt: later(paidView.paid_time, marking), refundableUntil: later(paidView.paid_time, 24 * 3600), payoutAvailableAt: null });

    await mark(accepted.id);
    const marked = (await http().get(`/api/student/essay/${accepted.id}`).set(bearer(student.token)).expect(200)).body.essay;
    expect(marked).toMatchObject({
      state: 'completed',
      payoutAvailableAt: later(marked.completedAt, payout),
      revisionAvailableUntil: later(marked.completedAt, revisionWindow),
      markingDueAt: null,
      refundableUntil: null,
      discussionEndsAt: null,
    });
    // Past payoutAvailableAt (by the app's clock) the server pays out, as the instant said.
    clock.set(new Date(Date.parse(marked.payoutAvailableAt) + 1));
    expect((await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(tutor.token)).send({ essayId: accepted.id }).expect(200)).body.paymentUrl).toMatch(/^\/tutor\/payment-success\?payout_id=/);
    expect((await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: accepted.id }).expect(200)).body.essay).toMatchObject({ tutor_paid: true, payoutAvailableAt: null, revisionAvailableUntil: null });
  });

  it('a requested revision not marked again in time is flagged overdue once; the payout notice waits for the new marking', async () => {
    const essay = await acceptedEssay('Revision deadline essay');
    await paid(essay);
    await mark(essay.id, '5');
    const firstCompletion = await completedAt(essay.id);
    const revision = await http().post(`/api/student/requestRevision/${essay.id}`).set(bearer(student.token)).expect(200);
    expect(revision.body.essay).toMatchObject({ state: 'revision_requested', markingDueAt: expect.any(String), overdue: false });
    expect(await countSubject(tutor.user.email, 'A revision of your feedback on "Revision deadline essay" was requested', { atLeast: 1 })).toBe(1);
    const requestedAt = (await row(essay.id)).revisionRequestedAt!.getTime();
    advance(seconds().marking + 1);
    expect(await run(`revision-due.${essay.id}.${requestedAt}`)).toEqual({ flagged: true });
    const late = await row(essay.id);
    expect(late.overdueAt).not.toBeNull();
    expect((await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: essay.id }).expect(200)).body.essay).toMatchObject({ overdue: true, state: 'revision_requested' });
    expect(await countSubject(student.user.email, 'The revision of "Revision deadline essay" is overdue', { atLeast: 1 })).toBe(1);
    // Run twice, and again by the sweeper: nothing more happens.
    expect(await app.get(EssayTimers).flagRevisionOverdue(essay.id)).toBe(false);
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    // The first completion's payout notice came due meanwhile, but the essay was sent back: no notice for it.
    expect(await run(`payout-eligible.${essay.id}.${firstCompletion}`)).toEqual({ notified: false });
    expect(await app.get(EssayTimers).notifyPayoutEligible(essay.id)).toBe(false);
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Revision deadline essay"')).toBe(0);
    expect(await countSubject(student.user.email, 'The revision of "Revision deadline essay" is overdue')).toBe(1);

    // The resubmission clears the flag and starts the completion's clocks again.
    await mark(essay.id, '8');
    expect((await row(essay.id)).overdueAt).toBeNull();
    const secondCompletion = await completedAt(essay.id);
    advance(seconds().payout);
    expect(await run(`payout-eligible.${essay.id}.${secondCompletion}`)).toEqual({ notified: true });
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Revision deadline essay"', { atLeast: 1 })).toBe(1);
  });

  it('tells the tutor once when the payout becomes eligible, and closes the revision window once, telling the student', async () => {
    const essay = await acceptedEssay('Completion clocks essay');
    await paid(essay);
    await mark(essay.id);
    const marked = await http().get(`/api/student/essay/${essay.id}`).set(bearer(student.token)).expect(200);
    expect(marked.body.essay.revisionAvailableUntil).toEqual(expect.any(String));
    const at = await completedAt(essay.id);
    advance(Math.max(seconds().payout, seconds().revisionWindow));
    expect(await run(`payout-eligible.${essay.id}.${at}`)).toEqual({ notified: true });
    expect(await run(`revision-window.${essay.id}.${at}`)).toEqual({ closed: true });
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Completion clocks essay"', { atLeast: 1 })).toBe(1);
    expect(await countSubject(student.user.email, 'The review of "Completion clocks essay" is final', { atLeast: 1 })).toBe(1);
    const closed = await row(essay.id);
    expect(closed.payoutNotifiedAt).not.toBeNull();
    expect(closed.revisionWindowClosedAt).not.toBeNull();
    // Repeated jobs change nothing and send nothing.
    expect(await app.get(EssayTimers).notifyPayoutEligible(essay.id)).toBe(false);
    expect(await app.get(EssayTimers).closeRevisionWindow(essay.id)).toBe(false);
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Completion clocks essay"')).toBe(1);
    expect(await countSubject(student.user.email, 'The review of "Completion clocks essay" is final')).toBe(1);
    // The tutor's notification list has it too, once.
    const notices = (await http().get('/api/notifications').set(bearer(tutor.token)).expect(200)).body.notifications as { kind: string; title: string; essayId: string }[];
    expect(notices.filter((n) => n.essayId === essay.id && n.kind === 'payout_ready').map((n) => n.title)).toEqual(['You can now be paid for "Completion clocks essay"']);
    // Past the window, a revision is refused.
    expect((await http().post(`/api/student/requestRevision/${essay.id}`).set(bearer(student.token)).expect(409)).body.code).toBe('ESSAY_NOT_EDITABLE');
  });

  it('sends nothing when the student accepted the feedback first', async () => {
    const essay = await acceptedEssay('Accepted at once essay');
    await paid(essay);
    await mark(essay.id);
    await http().post(`/api/student/acceptEssay/${essay.id}`).set(bearer(student.token)).expect(200);
    const at = await completedAt(essay.id);
    advance(Math.max(seconds().payout, seconds().revisionWindow) + 1);
    // Both clocks' jobs come due and find nothing to do.
    expect(await run(`payout-eligible.${essay.id}.${at}`)).toEqual({ notified: false });
    expect(await run(`revision-window.${essay.id}.${at}`)).toEqual({ closed: false });
    const done = await row(essay.id);
    expect(done).toMatchObject({ payoutNotifiedAt: null, revisionWindowClosedAt: null, studentAccept: true });
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Accepted at once essay"')).toBe(0);
  });

  it('the sweeper re-creates the completion clocks that Redis lost', async () => {
    const essay = await acceptedEssay('Lost clocks essay');
    await paid(essay);
    await mark(essay.id);
    const at = await completedAt(essay.id);
    const queue = app.get(JobQueue).queue('essays');
    for (const id of [`payout-eligible.${essay.id}.${at}`, `revision-window.${essay.id}.${at}`]) {
      const job = await queue.getJob(id);
      expect(job).toBeDefined();
      await job!.remove();
    }
    advance(Math.max(seconds().payout, seconds().revisionWindow) + 1);
    await queuesIdle(app);
    expect(await row(essay.id)).toMatchObject({ payoutNotifiedAt: null, revisionWindowClosedAt: null });
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Lost clocks essay"', { atLeast: 1 })).toBe(1);
    expect(await countSubject(student.user.email, 'The review of "Lost clocks essay" is final', { atLeast: 1 })).toBe(1);
  });

  it('puts the sweeper’s own schedule back when Redis lost it, and leaves a live one alone', async () => {
    const queue = app.get(JobQueue).queue('essays');
    expect(await queue.getJobScheduler('essay-sweep-timers')).toBeDefined();
    expect(await app.get(JobWorkers).restoreLostSchedulers()).toEqual([]);
    await queue.removeJobScheduler('essay-sweep-timers');
    expect(await queue.getJobScheduler('essay-sweep-timers')).toBeUndefined();
    expect(await app.get(JobWorkers).restoreLostSchedulers()).toEqual(['essay-sweep-timers']);
    expect(await queue.getJobScheduler('essay-sweep-timers')).toMatchObject({ name: 'essay.sweep-timers' });
  });
});

// The one test on real time: a 1 s discussion window, nothing promoted, the real clock. It shows that the delay
// BullMQ is given is the window's, and that the worker picks the job up by itself when it comes due.
describe('essay timers on real time (smoke test)', () => {
  let app: NestFastifyApplication;
  let flow: ReturnType<typeof essayFlow>;

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', WORDCOUNT_WINDOW_SECONDS: '1' }));
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const tutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'Bachelors' }).where(eq(tutorProfiles.userId, tutor.user.id));
    flow = essayFlow(app, student, tutor);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a 1 s discussion window expires by itself and returns the essay to the pool', async () => {
    const essay = await flow.acceptedEssay('Real-time essay');
    expect(essay.status).toBe('accepted');
    // Bounded generously: the bound only matters when it fails, and a busy machine may be slow to get there.
    const back = await flow.waitFor(essay.id, 'open', 30_000);
    expect(back).toMatchObject({ status: 'open', tutorId: null, acceptedAt: null });
  });
});
