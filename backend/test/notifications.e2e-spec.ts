// Whose turn it is: the essay journey walked end to end, asserting at every turn the email the other
// side receives in the real mail catcher (recipient, subject, the button's URL), the notice in their list and the
// live events on their open socket; the notification routes; the per-kind switches (money and deadline notices
// cannot be switched off); and the chat's batched email (one per conversation per 15-minute window, a delayed job
// with a deterministic id, promoted instead of waited for).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import { notificationPreferences, notifications, tutorProfiles } from '../src/infra/database/schema/index.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { chatConversations } from '../src/infra/database/schema/index.js';
import { ChatService } from '../src/modules/chat/chat.service.js';
import { NOTIFICATIONS_QUEUE } from '../src/modules/notifications/notifications.jobs.js';
import { CHAT_MAIL_WINDOW_MS, NOTIFICATIONS_PAGE } from '@redpen/shared/notifications';
import { bearer, createAccount, db, resetLimits, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { closeAll, connect, listen, next, type ClientSocket } from './support/chat-sockets.js';
import { mailsTo, type CaughtMail } from './support/mail-catcher.js';
import { clockOf, queuesIdle, runDelayedJob } from './support/time.js';

const FEEDBACK = 'A clear argument with good use of evidence. '.repeat(7);
const words = (n: number) => Array.from({ length: n }, (_, i) => ['argument', 'evidence', 'analysis', 'however'][i % 4]).join(' ');

/** The mail to `address` with this subject, once it has arrived (fails after the wait with the subjects that did). */
async function mailWithSubject(address: string, subject: string, timeoutMs = 10_000): Promise<CaughtMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const found = mails.find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no mail "${subject}" to ${address}; got: ${JSON.stringify(mails.map((m) => m.subject))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls `check` until it is true (bounded). */
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mail's button (the one link styled as a button): where it leads. */
function buttonUrl(mail: CaughtMail): string | undefined {
  return /<a href="([^"]+)" style="display:inline-block/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
}

describe('notifications: whose turn it is', () => {
  let app: NestFastifyApplication;
  let webOrigin: string;
  let supportEmail: string;
  let origin: string;
  let redis: Redis;
  let student: TestAccount;
  let tutor: TestAccount;
  let stranger: TestAccount;
  const http = () => request(app.getHttpServer());

  async function openEssay(title: string, as: TestAccount = student): Promise<string> {
    const uploaded = await http()
      .post('/api/student/uploadEssay')
      .set(bearer(as.token))
      .field('title', title)
      .field('subject', 'History')
      .field('academicLevel', 'A-Level')
      .attach('file', Buffer.from(words(600)), 'essay.txt')
      .expect(200);
    await http().post('/api/student/updateWordCount').set(bearer(as.token)).send({ essayId: uploaded.body.essayId, wordCount: uploaded.body.wordCount }).expect(200);
    return uploaded.body.essayId as string;
  }
  const accept = (essayId: string, as: TestAccount = tutor) => http().post('/api/tutor/acceptEssay').set(bearer(as.token)).send({ essayID: essayId }).expect(200);
  const confirm = (essayId: string, wordCount?: number) => http().post(`/api/essays/${essayId}/confirm`).set(bearer(tutor.token)).send(wordCount ? { wordCount } : {}).expect(200);
  async function pay(essayId: string): Promise<void> {
    const path = new URL((await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId }).expect(200)).body.paymentUrl as string).pathname;
    await http().post(path).type('form').send({ action: 'pay' }).expect(303);
  }
  const mark = (essayId: string, score: number) =>
    http().post('/api/tutor/markEssay').set(bearer(tutor.token)).field('essayID', essayId).field('score', String(score)).field('feedback', FEEDBACK).expect(200);
  const list = (as: TestAccount) => http().get('/api/notifications').set(bearer(as.token)).expect(200);

  beforeAll(async () => {
    ({ app, config: { webOrigin, mail: { supportEmail } } } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true, label: 'turns-student' });
    tutor = await createAccount(app, { role: 'tutor', label: 'turns-tutor' });
    stranger = await createAccount(app, { role: 'student', studentProfile: true, label: 'turns-stranger' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, tutor.user.id));
    origin = await listen(app);
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    closeAll();
    redis?.disconnect();
    await app?.close();
  });

  it('tells the other side at every turn: by email with a button to the page, in the list, and live on the open socket', async () => {
    const essayId = await openEssay('The Tudors and the Reformation');
    const studentPage = `${webOrigin}/student/essay/${essayId}`;
    // The student has the app open (any page): the socket the web app holds.
    const studentSocket = await connect(origin, student.token);

    // 1. A tutor accepts → the student is told, and their open essay page is told to read the essay again.
    const changed = next(studentSocket, 'essayChanged', (e: { essayId: string; reason: string }) => e.essayId === essayId && e.reason === 'essay.accepted');
    const noticed = next(studentSocket, 'notification', (n: { kind: string }) => n.kind === 'essay_accepted');
    await accept(essayId);
    await changed;
    expect(await noticed).toMatchObject({ title: 'A tutor accepted "The Tudors and the Reformation"', path: `/student/essay/${essayId}`, essayId, readAt: null });
    const accepted = await mailWithSubject(student.user.email, 'A tutor accepted "The Tudors and the Reformation"');
    expect(buttonUrl(accepted)).toBe(studentPage);
    expect(accepted.text).toContain(tutor.user.name);
    // A responsive layout: a viewport and a fluid card, no fixed 560 px table.
    expect(accepted.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(accepted.html).toContain('max-width:560px');
    expect(accepted.html).not.toContain('width="560"');
    // No UUID in the words a person reads: the essay's title is the reference.
    expect(accepted.text.replace(studentPage, '')).not.toContain(essayId);

    // 2. The tutor confirms the word count → the student is asked to pay (the price, the deadline).
    const payNotice = next(studentSocket, 'notification', (n: { kind: string }) => n.kind === 'payment_due');
    await confirm(essayId);
    const payMail = await mailWithSubject(student.user.email, 'Word count confirmed for "The Tudors and the Reformation": please pay');
    expect(buttonUrl(payMail)).toBe(studentPage);
    expect(payMail.text).toMatch(/600 words for "The Tudors and the Reformation"\. The price is £\d+\.\d\d/);
    expect(payMail.text).toMatch(/Please pay by .*2\d{3}/);
    await payNotice;
    // Confirming again at the same count asks nobody to pay twice.
    await confirm(essayId);

    // 3. The student pays → the tutor is told to start marking, with the deadline.
    await pay(essayId);
    const markMail = await mailWithSubject(tutor.user.email, '"The Tudors and the Reformation" is paid: start marking');
    expect(buttonUrl(markMail)).toBe(`${webOrigin}/tutor/essay-feedback/${essayId}`);
    expect(markMail.text).toMatch(/Please return your feedback by .*\d{2}:\d{2}/);

    // 4. The tutor marks → feedback ready for the student.
    const marked = next(studentSocket, 'essayChanged', (e: { essayId: string; reason: string }) => e.essayId === essayId && e.reason === 'essay.completed');
    await mark(essayId, 6);
    await marked;
    expect(buttonUrl(await mailWithSubject(student.user.email, 'Your feedback on "The Tudors and the Reformation" is ready'))).toBe(studentPage);

    // 5. The student asks for a revision → the tutor is told, with the new deadline.
    await http().post(`/api/student/requestRevision/${essayId}`).set(bearer(student.token)).expect(200);
    const revisionMail = await mailWithSubject(tutor.user.email, 'A revision of your feedback on "The Tudors and the Reformation" was requested');
    expect(buttonUrl(revisionMail)).toBe(`${webOrigin}/tutor/essay-feedback/${essayId}`);

    // 6. The tutor delivers the revision → the student is told it is the revised feedback.
    await mark(essayId, 8);
    expect(buttonUrl(await mailWithSubject(student.user.email, 'The revised feedback on "The Tudors and the Reformation" is ready'))).toBe(studentPage);

    // 7. The student accepts the feedback → the tutor can be paid.
    await http().post(`/api/student/acceptEssay/${essayId}`).set(bearer(student.token)).expect(200);
    const paidMail = await mailWithSubject(tutor.user.email, 'Your feedback on "The Tudors and the Reformation" was accepted: you can be paid');
    expect(buttonUrl(paidMail)).toBe(`${webOrigin}/tutor/essay-feedback`);
    // Accepting again tells nobody again.
    await http().post(`/api/student/acceptEssay/${essayId}`).set(bearer(student.token)).expect(200);

    // The lists: each side's notices, newest first, with the unread count.
    await queuesIdle(app);
    const studentList = (await list(student)).body;
    expect(studentList.notifications.map((n: { kind: string }) => n.kind)).toEqual(['revision_delivered', 'feedback_ready', 'payment_due', 'essay_accepted']);
    expect(studentList).toMatchObject({ unreadCount: 4, hasMore: false });
    const tutorList = (await list(tutor)).body;
    expect(tutorList.notifications.map((n: { kind: string }) => n.kind)).toEqual(['payout_ready', 'revision_requested', 'marking_due']);
    // The payment receipt names a short receipt number, not the ledger's UUID, and replies reach support.
    const receipt = (await mailsTo(student.user.email)).find((mail) => mail.subject.startsWith('Receipt:'))!;
    expect(receipt.text).toMatch(/Reference: RP-[0-9A-F]{8}\n/);
    expect(receipt.replyTo?.[0]?.address).toBe(supportEmail);
  });

  it('tells both sides when an essay goes back to the pool (the tutor cancels; the discussion expires)', async () => {
    const cancelledId = await openEssay('Cancelled review essay');
    await accept(cancelledId);
    await http().post(`/api/essays/${cancelledId}/reject`).set(bearer(tutor.token)).expect(200);
    const cancelled = await mailWithSubject(student.user.email, '"Cancelled review essay" is back in the essay pool');
    expect(buttonUrl(cancelled)).toBe(`${webOrigin}/student/essay/${cancelledId}`);

    const expiredId = await openEssay('Expired discussion essay');
    const acceptedAt = Date.parse((await accept(expiredId)).body.essay.acceptedAt as string);
    clockOf(app).advance(24 * 3600_000 + 60_000);
    await runDelayedJob(app, 'essays', `wordcount-expiry.${expiredId}.${acceptedAt}`);
    expect(buttonUrl(await mailWithSubject(student.user.email, '"Expired discussion essay" is back in the essay pool'))).toBe(`${webOrigin}/student/essay/${expiredId}`);
    expect(buttonUrl(await mailWithSubject(tutor.user.email, '"Expired discussion essay" is back in the essay pool'))).toBe(`${webOrigin}/tutor/essay-pool`);
  });

  it('pages the list after the last notice shown, by time and id: notices of the same instant are neither lost nor repeated', async () => {
    const person = await createAccount(app, { role: 'student', studentProfile: true, label: 'paging' });
    const at = new Date('2026-11-20T09:00:00.000Z');
    // One more than a page, all in the same millisecond (one delivery can list several notices at once).
    await db(app)
      .insert(notifications)
      .values(Array.from({ length: NOTIFICATIONS_PAGE + 1 }, (_, i) => ({ userId: person.user.id, kind: 'payout_eligible', title: `Notice ${i}`, body: 'Body', createdAt: at, dedupeKey: `paging-${person.user.id}-${i}` })));
    const first = (await http().get('/api/notifications').set(bearer(person.token)).expect(200)).body as { notifications: { _id: string; createdAt: string }[]; hasMore: boolean };
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE);
    expect(first.hasMore).toBe(true);
    const last = first.notifications.at(-1)!;
    const next = (await http().get('/api/notifications').query({ before: last.createdAt, beforeId: last._id }).set(bearer(person.token)).expect(200)).body as typeof first;
    expect(next.notifications).toHaveLength(1);
    expect(next.hasMore).toBe(false);
    expect(new Set([...first.notifications, ...next.notifications].map((n) => n._id)).size).toBe(NOTIFICATIONS_PAGE + 1);
    // A cursor that is not a notice's id is refused with the field named, not answered with a wrong page.
    const refused = await http().get('/api/notifications').query({ before: last.createdAt, beforeId: 'not-an-id' }).set(bearer(person.token)).expect(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'beforeId' })]);
  });

  it('marks one notice read, then all; a notice is its recipient’s alone', async () => {
    const before = (await list(student)).body;
    expect(before.unreadCount).toBeGreaterThan(1);
    const first = before.notifications[0]._id as string;
    await http().post(`/api/notifications/${first}/read`).set(bearer(stranger.token)).expect(404);
    await http().post(`/api/notifications/${first}/read`).set(bearer(tutor.token)).expect(404);
    await http().post('/api/notifications/not-a-uuid/read').set(bearer(student.token)).expect(404);
    const studentSocket = await connect(origin, student.token);
    const otherTab = next(studentSocket, 'notificationsRead', (e: { id: string | null }) => e.id === first);
    const read = await http().post(`/api/notifications/${first}/read`).set(bearer(student.token)).expect(200);
    expect(read.body).toMatchObject({ notification: { _id: first, readAt: expect.any(String) }, unreadCount: before.unreadCount - 1 });
    await otherTab;
    expect((await http().post('/api/notifications/read-all').set(bearer(student.token)).expect(200)).body).toEqual({ unreadCount: 0 });
    expect((await list(student)).body.unreadCount).toBe(0);
    // The tutor's list is untouched by the student's reads.
    expect((await list(tutor)).body.unreadCount).toBeGreaterThan(0);
    await http().get('/api/notifications').query({ before: 'yesterday' }).set(bearer(student.token)).expect(400);
  });

  it('honours the switches: a muted kind is neither emailed nor listed; money and deadline notices cannot be muted', async () => {
    const prefs = await http().get('/api/notifications/preferences').set(bearer(student.token)).expect(200);
    expect(prefs.body).toEqual({ muted: [], switchable: ['essay_accepted', 'feedback_ready', 'revision_delivered', 'essay_returned', 'chat_message'] });
    const refused = await http().put('/api/notifications/preferences').set(bearer(student.token)).send({ muted: ['payment_due'] }).expect(422);
    expect(refused.body.message).toContain('cannot be turned off');
    expect((await http().put('/api/notifications/preferences').set(bearer(student.token)).send({ muted: ['nonsense'] }).expect(400)).body.message).toBe(
      'muted contains an unknown notification kind',
    );
    await http().put('/api/notifications/preferences').set(bearer(student.token)).send({ muted: ['essay_accepted'] }).expect(200, { muted: ['essay_accepted'], switchable: prefs.body.switchable });
    // Even a muted money kind stored by other means (an old row) does not silence it.
    await db(app).update(notificationPreferences).set({ mutedKinds: ['essay_accepted', 'payment_due'] }).where(eq(notificationPreferences.userId, student.user.id));

    const essayId = await openEssay('Quiet acceptance essay');
    await accept(essayId);
    await confirm(essayId);
    await mailWithSubject(student.user.email, 'Word count confirmed for "Quiet acceptance essay": please pay');
    await queuesIdle(app);
    expect((await mailsTo(student.user.email)).map((m) => m.subject)).not.toContain('A tutor accepted "Quiet acceptance essay"');
    const kinds = (await list(student)).body.notifications.filter((n: { essayId: string }) => n.essayId === essayId).map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(['payment_due']);
  });

  it('emails new chat messages to someone away at most once per conversation per 15 minutes (one delayed job per window)', async () => {
    const essayId = await openEssay('Chatty essay');
    await accept(essayId);
    await queuesIdle(app);
    const [conversation] = await db(app)
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.studentId, student.user.id), eq(chatConversations.tutorId, tutor.user.id)));
    const chat = app.get(ChatService);
    const clock = clockOf(app);
    // At the start of a window (so the test's own steps stay inside it).
    clock.set(new Date((Math.floor(clock.now().getTime() / CHAT_MAIL_WINDOW_MS) + 1) * CHAT_MAIL_WINDOW_MS + 1000));
    const window = Math.floor(clock.now().getTime() / CHAT_MAIL_WINDOW_MS);
    const jobId = `chat-unread.${conversation!.id}.${tutor.user.id}.${window}`;
    const queue = app.get(JobQueue).queue(NOTIFICATIONS_QUEUE);
    const say = (content: string) => http().post(`/api/essays/${essayId}/messages`).set(bearer(student.token)).send({ content }).expect(200);

    // The tutor is away (no socket anywhere): two messages, one delayed job, due at the window's end.
    await say('Hello, is 600 words right?');
    await say('I can pay today.');
    const delayed = (await queue.getDelayed()).filter((job) => job.id?.startsWith(`chat-unread.${conversation!.id}.`));
    expect(delayed.map((job) => job.id)).toEqual([jobId]);
    expect(delayed[0]!.timestamp + delayed[0]!.delay).toBeGreaterThanOrEqual(Date.now() + CHAT_MAIL_WINDOW_MS - 60_000);
    expect(await runDelayedJob(app, NOTIFICATIONS_QUEUE, jobId)).toEqual({ sent: true });
    const mail = await mailWithSubject(tutor.user.email, `2 new messages from ${student.user.name}`);
    expect(buttonUrl(mail)).toBe(`${webOrigin}/tutor/chats`);
    expect(mail.text).toContain('"I can pay today."');

    // A third message in the same window: the window's job has run; nothing more is sent.
    await say('Are you there?');
    await queuesIdle(app, [NOTIFICATIONS_QUEUE, 'mail']);
    expect((await queue.getDelayed()).filter((job) => job.id?.startsWith(`chat-unread.${conversation!.id}.`))).toEqual([]);
    expect((await mailsTo(tutor.user.email)).filter((m) => m.subject.includes(`from ${student.user.name}`))).toHaveLength(1);

    // The next window: a new job; read in the meantime (in the essay's discussion), it sends nothing.
    clock.advance(CHAT_MAIL_WINDOW_MS);
    await say('Still there?');
    const nextJob = `chat-unread.${conversation!.id}.${tutor.user.id}.${window + 1}`;
    const tutorSocket = await connect(origin, tutor.token);
    const ack = await tutorSocket.timeout(5000).emitWithAck('markRead', { contactId: student.user.id });
    expect(ack).toMatchObject({ ok: true });
    tutorSocket.disconnect();
    await until(async () => !(await chat.isOnline(tutor.user.id)));
    expect(await runDelayedJob(app, NOTIFICATIONS_QUEUE, nextJob)).toEqual({ sent: false, reason: 'read' });

    // Someone with the app open (a socket on any page) is not emailed at all: no job is scheduled.
    const online: ClientSocket = await connect(origin, tutor.token);
    await until(() => chat.isOnline(tutor.user.id));
    clock.advance(CHAT_MAIL_WINDOW_MS);
    await say('You are online now.');
    expect(await queue.getJob(`chat-unread.${conversation!.id}.${tutor.user.id}.${window + 2}`)).toBeUndefined();
    online.disconnect();
    await until(async () => !(await chat.isOnline(tutor.user.id)));

    // Muted: the window's job runs and sends nothing.
    await http().put('/api/notifications/preferences').set(bearer(tutor.token)).send({ muted: ['chat_message'] }).expect(200);
    clock.advance(CHAT_MAIL_WINDOW_MS);
    await say('Muted message.');
    expect(await runDelayedJob(app, NOTIFICATIONS_QUEUE, `chat-unread.${conversation!.id}.${tutor.user.id}.${window + 3}`)).toEqual({ sent: false, reason: 'muted' });
  });
});
