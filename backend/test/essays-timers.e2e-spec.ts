// The essay timers on the real queue with shortened windows (DESIGN.md §5): the 24 h discussion expiry returns an
// unpaid accepted essay to the pool once, leaves a paid one alone, and the sweeper re-creates a lost job.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { essays, tutorProfiles, type EssayRow } from '../src/infra/database/schema/index.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { mailsTo, waitForMails } from './support/mail-catcher.js';

const WINDOW_SECONDS = 2;
/** Expedited essays get half: 1 s. */
const MARKING_SECONDS = 2;

describe('essay timers', () => {
  let app: NestFastifyApplication;
  let student: TestAccount;
  let tutor: TestAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', WORDCOUNT_WINDOW_SECONDS: String(WINDOW_SECONDS), MARKING_DEADLINE_SECONDS: String(MARKING_SECONDS) }));
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
});
