// The essay timers on the real queue with shortened windows (DESIGN.md §5): the 24 h discussion expiry returns an
// unpaid accepted essay to the pool once, leaves a paid one alone; the marking and revision deadlines, the payout
// notice and the revision window each act once, and only while the state still calls for them; the sweeper
// re-creates jobs that Redis lost.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { essays, tutorProfiles, type EssayRow } from '../src/infra/database/schema/index.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { JobWorkers } from '../src/infra/queue/job-workers.service.js';
import { EssayTimers } from '../src/modules/essays/essay-timers.service.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { mailsTo, waitForMails } from './support/mail-catcher.js';

const WINDOW_SECONDS = 2;
/** Expedited essays get half: 1 s. */
const MARKING_SECONDS = 2;
const PAYOUT_SECONDS = 2;
const REVISION_WINDOW_SECONDS = 3;
const FEEDBACK = 'A clear argument with good use of evidence. '.repeat(7);
/** An instant `seconds` after the ISO instant `at`, as the API writes it. */
const later = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000).toISOString();

describe('essay timers', () => {
  let app: NestFastifyApplication;
  let student: TestAccount;
  let tutor: TestAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', WORDCOUNT_WINDOW_SECONDS: String(WINDOW_SECONDS), MARKING_DEADLINE_SECONDS: String(MARKING_SECONDS), PAYOUT_ELIGIBILITY_SECONDS: String(PAYOUT_SECONDS), REVISION_WINDOW_SECONDS: String(REVISION_WINDOW_SECONDS) }));
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'Bachelors' }).where(eq(tutorProfiles.userId, tutor.user.id));
  });
  afterAll(async () => {
    await app?.close();
  });

  async function acceptedEssay(title: string): Promise<EssayRow> {
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
  }
  const row = async (id: string) => (await db(app).select().from(essays).where(eq(essays.id, id)))[0]!;
  async function waitFor(id: string, status: EssayRow['status'], timeoutMs = 10_000): Promise<EssayRow> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const current = await row(id);
      if (current.status === status || Date.now() > end) return current;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const contacts = async () => ((await http().get('/api/student/getAllContacts').set(bearer(student.token)).expect(200)).body.tutors as { _id: string }[]).map((t) => t._id);

  it('returns an unpaid accepted essay to the pool when the window closes, closes the chat context and tells both', async () => {
    const essay = await acceptedEssay('Expiring essay');
    expect(await contacts()).toContain(tutor.user.id);
    const back = await waitFor(essay.id, 'open');
    expect(back).toMatchObject({ status: 'open', tutorId: null, acceptedAt: null });
    expect(await contacts()).not.toContain(tutor.user.id);
    const [toStudent] = await waitForMails(student.user.email);
    const [toTutor] = await waitForMails(tutor.user.email);
    expect(toStudent!.subject).toBe('"Expiring essay" is back in the essay pool');
    expect(toTutor!.subject).toBe('"Expiring essay" is back in the essay pool');
    const pool = await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);
    expect((pool.body.essays as { _id: string }[]).map((e) => e._id)).toContain(essay.id);
  });

  it('leaves a paid essay with its tutor, and flags it overdue once the marking deadline passes unmarked', async () => {
    const essay = await acceptedEssay('Paid in time');
    const url = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId: essay.id }).expect(200)).body.paymentUrl as string);
    await http().post(url.pathname).type('form').send({ action: 'pay' }).expect(303);
    await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 1.5) * 1000));
    const paid = await row(essay.id);
    expect(paid).toMatchObject({ status: 'paid', tutorId: tutor.user.id });
    expect(paid.overdueAt).not.toBeNull();
    const held = await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: essay.id }).expect(200);
    expect(held.body.essay).toMatchObject({ overdue: true, paymentStatus: 'Paid' });
    const end = Date.now() + 10_000;
    let subjects: string[] = [];
    while (!subjects.includes('Feedback on "Paid in time" is overdue') && Date.now() < end) {
      subjects = (await mailsTo(student.user.email)).map((m) => m.subject);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(subjects).toContain('Feedback on "Paid in time" is overdue');
  });

  it('the sweeper re-creates an expiry job that Redis lost', async () => {
    const essay = await acceptedEssay('Lost job essay');
    const queue = app.get(JobQueue).queue('essays');
    const job = await queue.getJob(`wordcount-expiry.${essay.id}.${essay.acceptedAt!.getTime()}`);
    expect(job).toBeDefined();
    await job!.remove();
    await new Promise((r) => setTimeout(r, (WINDOW_SECONDS + 1) * 1000));
    expect((await row(essay.id)).status).toBe('accepted');
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    expect((await waitFor(essay.id, 'open')).status).toBe('open');
  });

  async function paid(essay: EssayRow): Promise<void> {
    const url = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId: essay.id }).expect(200)).body.paymentUrl as string);
    await http().post(url.pathname).type('form').send({ action: 'pay' }).expect(303);
  }
  const mark = (essayId: string, score = '7') => http().post('/api/tutor/markEssay').set(bearer(tutor.token)).field('essayID', essayId).field('score', score).field('feedback', FEEDBACK).expect(200);
  /** How many mails with this subject reached the address, once `timeoutMs` has passed or `atLeast` arrived. */
  async function countSubject(address: string, subject: string, options: { atLeast?: number; timeoutMs?: number } = {}): Promise<number> {
    const end = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const n = (await mailsTo(address)).filter((m) => m.subject === subject).length;
      if (n >= (options.atLeast ?? Infinity) || Date.now() > end) return n;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

  it('sends the clocks as instants computed from the configured (shortened) windows', async () => {
    const accepted = await acceptedEssay('Instants essay');
    // Within the 2 s discussion: the essay as the tutor and the student read it.
    const held = (await http().get(`/api/essays/${accepted.id}`).set(bearer(tutor.token)).expect(200)).body.essay;
    expect(held).toMatchObject({ state: 'accepted', discussionEndsAt: later(held.acceptedAt, WINDOW_SECONDS), markingDueAt: null, refundableUntil: null, payoutAvailableAt: null });
    expect(Date.parse(held.discussionEndsAt) - Date.parse(held.acceptedAt)).toBe(WINDOW_SECONDS * 1000);

    await paid(accepted);
    const paidView = (await http().get(`/api/student/essay/${accepted.id}`).set(bearer(student.token)).expect(200)).body.essay;
    // The refund window is not configurable: 24 h after paying, whatever the other windows.
    expect(paidView).toMatchObject({ state: 'paid', discussionEndsAt: null, markingDueAt: later(paidView.paid_time, MARKING_SECONDS), refundableUntil: later(paidView.paid_time, 24 * 3600), payoutAvailableAt: null });

    await mark(accepted.id);
    const marked = (await http().get(`/api/student/essay/${accepted.id}`).set(bearer(student.token)).expect(200)).body.essay;
    expect(marked).toMatchObject({
      state: 'completed',
      payoutAvailableAt: later(marked.completedAt, PAYOUT_SECONDS),
      revisionAvailableUntil: later(marked.completedAt, REVISION_WINDOW_SECONDS),
      markingDueAt: null,
      refundableUntil: null,
      discussionEndsAt: null,
    });
    // Past payoutAvailableAt the server pays out, as the instant said.
    await sleep(Math.max(0, Date.parse(marked.payoutAvailableAt) - Date.now()) / 1000 + 0.2);
    expect((await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(tutor.token)).send({ essayId: accepted.id }).expect(200)).body.paymentUrl).toMatch(/^\/tutor\/payment-success\?payout_id=/);
    expect((await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: accepted.id }).expect(200)).body.essay).toMatchObject({ tutor_paid: true, payoutAvailableAt: null, revisionAvailableUntil: null });
  });

  it('a requested revision not marked again in time is flagged overdue once; the payout notice waits for the new marking', async () => {
    const essay = await acceptedEssay('Revision deadline essay');
    await paid(essay);
    await mark(essay.id, '5');
    const revision = await http().post(`/api/student/requestRevision/${essay.id}`).set(bearer(student.token)).expect(200);
    expect(revision.body.essay).toMatchObject({ state: 'revision_requested', markingDueAt: expect.any(String), overdue: false });
    expect(await countSubject(tutor.user.email, 'A revision of your feedback on "Revision deadline essay" was requested', { atLeast: 1 })).toBe(1);
    await sleep(MARKING_SECONDS + 1);
    const late = await row(essay.id);
    expect(late.overdueAt).not.toBeNull();
    expect((await http().post('/api/tutor/getEssay').set(bearer(tutor.token)).send({ essayID: essay.id }).expect(200)).body.essay).toMatchObject({ overdue: true, state: 'revision_requested' });
    expect(await countSubject(student.user.email, 'The revision of "Revision deadline essay" is overdue', { atLeast: 1 })).toBe(1);
    // Run twice, and again by the sweeper: nothing more happens.
    expect(await app.get(EssayTimers).flagRevisionOverdue(essay.id)).toBe(false);
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    // The first completion's payout notice came due meanwhile, but the essay was sent back: no notice for it.
    expect(await app.get(EssayTimers).notifyPayoutEligible(essay.id)).toBe(false);
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Revision deadline essay"', { timeoutMs: 500 })).toBe(0);
    expect(await countSubject(student.user.email, 'The revision of "Revision deadline essay" is overdue', { timeoutMs: 1000 })).toBe(1);

    // The resubmission clears the flag and starts the completion's clocks again.
    await mark(essay.id, '8');
    expect((await row(essay.id)).overdueAt).toBeNull();
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Revision deadline essay"', { atLeast: 1 })).toBe(1);
  });

  it('tells the tutor once when the payout becomes eligible, and closes the revision window once, telling the student', async () => {
    const essay = await acceptedEssay('Completion clocks essay');
    await paid(essay);
    await mark(essay.id);
    const marked = await http().get(`/api/student/essay/${essay.id}`).set(bearer(student.token)).expect(200);
    expect(marked.body.essay.revisionAvailableUntil).toEqual(expect.any(String));
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Completion clocks essay"', { atLeast: 1 })).toBe(1);
    expect(await countSubject(student.user.email, 'The review of "Completion clocks essay" is final', { atLeast: 1 })).toBe(1);
    const closed = await row(essay.id);
    expect(closed.payoutNotifiedAt).not.toBeNull();
    expect(closed.revisionWindowClosedAt).not.toBeNull();
    // Repeated jobs change nothing and send nothing.
    expect(await app.get(EssayTimers).notifyPayoutEligible(essay.id)).toBe(false);
    expect(await app.get(EssayTimers).closeRevisionWindow(essay.id)).toBe(false);
    await app.get(JobQueue).enqueue('essay.sweep-timers', {});
    await sleep(1);
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Completion clocks essay"', { timeoutMs: 0 })).toBe(1);
    expect(await countSubject(student.user.email, 'The review of "Completion clocks essay" is final', { timeoutMs: 0 })).toBe(1);
    // Past the window, a revision is refused.
    expect((await http().post(`/api/student/requestRevision/${essay.id}`).set(bearer(student.token)).expect(409)).body.code).toBe('ESSAY_NOT_EDITABLE');
  });

  it('sends nothing when the student accepted the feedback first', async () => {
    const essay = await acceptedEssay('Accepted at once essay');
    await paid(essay);
    await mark(essay.id);
    await http().post(`/api/student/acceptEssay/${essay.id}`).set(bearer(student.token)).expect(200);
    await sleep(REVISION_WINDOW_SECONDS + 1);
    const done = await row(essay.id);
    expect(done).toMatchObject({ payoutNotifiedAt: null, revisionWindowClosedAt: null, studentAccept: true });
    expect(await countSubject(tutor.user.email, 'You can now be paid for "Accepted at once essay"', { timeoutMs: 0 })).toBe(0);
  });

  it('the sweeper re-creates the completion clocks that Redis lost', async () => {
    const essay = await acceptedEssay('Lost clocks essay');
    await paid(essay);
    await mark(essay.id);
    const completedAt = (await row(essay.id)).completedAt!.getTime();
    const queue = app.get(JobQueue).queue('essays');
    for (const id of [`payout-eligible.${essay.id}.${completedAt}`, `revision-window.${essay.id}.${completedAt}`]) {
      const job = await queue.getJob(id);
      expect(job).toBeDefined();
      await job!.remove();
    }
    await sleep(REVISION_WINDOW_SECONDS + 1);
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
