// Tutoring sessions from the booking on: the held slot, payment → confirmed (meeting room, chat, invites with
// a stable .ics UID, reminders scheduled once), the lists of both sides, the hold's expiry freeing the slot, a late
// payment refunded automatically, the cancel windows (refund, reminders removed, .ics CANCEL of the same UID, exactly
// once), rating once, and the payout once, 48 hours after the end. Time is the app's Clock, set by the test; jobs are
// inspected in Redis and their handlers called directly (run twice).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { payments, tutoringSessions } from '../src/infra/database/schema/index.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { LocalCheckout } from '../src/modules/payments/local-checkout.service.js';
import { TutoringTimers } from '../src/modules/tutoring/tutoring-timers.service.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { eventually } from './support/eventually.js';
import { mailsTo, type CaughtMail } from './support/mail-catcher.js';
import { bookableTutor, LONG_TOKENS, settableClock, type SettableClock } from './support/tutoring.js';

const HOUR = 3_600_000;
const MEETINGS = 'https://meet.example.test';
/** Thursday 7 January 2027, noon UTC (= London in winter). The tutor teaches every day 09:00-11:00 and 14:00-15:00. */
const NOW = '2027-01-07T12:00:00Z';

interface SessionJson {
  _id: string;
  status: string;
  paymentStatus: string;
  meetingLink: string | null;
  timing: string;
  startsInMinutes: number | null;
  canJoin: boolean;
  canRate: boolean;
  canCancel: boolean;
  canGetPaid: boolean;
  rated: boolean;
  tutor_paid: boolean;
}

describe('tutoring sessions', () => {
  let app: NestFastifyApplication;
  let clock: SettableClock;
  let tutor: TestAccount;
  const http = () => request(app.getHttpServer());
  const sessionsQueue = () => app.get(JobQueue).queue('sessions');

  beforeAll(async () => {
    ({ app } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', MEETING_BASE_URL: MEETINGS, PAYOUT_ELIGIBILITY_SECONDS: '172800', BOOKING_HOLD_SECONDS: '900' }));
    clock = settableClock(app);
    clock.set(NOW);
    tutor = await bookableTutor(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const newStudent = () => createAccount(app, { role: 'student', studentProfile: true });
  async function book(student: TestAccount, startTime: string, minutes = 60, expected = 200) {
    const endTime = new Date(Date.parse(startTime) + minutes * 60_000).toISOString();
    return (await http().post('/api/student/createTutoringSession').set(bearer(student.token)).send({ tutorId: tutor.user.id, purpose: 'Medicine interview practice', startTime, endTime }).expect(expected)).body as {
      tutoringSession: SessionJson;
      paymentUrl: string;
    };
  }
  const pay = async (paymentUrl: string) => app.get(LocalCheckout).act(new URL(paymentUrl).pathname.split('/').pop()!, 'pay');
  const row = async (id: string) => (await db(app).select().from(tutoringSessions).where(eq(tutoringSessions.id, id)))[0]!;
  const ledger = async (id: string) => db(app).select().from(payments).where(and(eq(payments.itemKind, 'tutoring_session'), eq(payments.itemId, id)));
  const studentList = async (student: TestAccount, path: string) => (await http().get(`/api/student/${path}`).set(bearer(student.token)).expect(200)).body.tutoringSessions as SessionJson[];
  const tutorList = async (path: string) => (await http().get(`/api/tutor/${path}`).set(bearer(tutor.token)).expect(200)).body.sessions as SessionJson[];
  /** The raw message (headers and parts) as the mail catcher received it, folded lines joined. */
  const source = async (mail: CaughtMail) => (await (await fetch(`${process.env.MAIL_CATCHER_URL}/email/${mail.id}/source`)).text()).replace(/\r?\n[ \t]/g, '');
  const uidOf = (raw: string) => /UID:(session-[^\s]+@redpen)/.exec(raw)?.[1];
  /** The mails to `address` whose subject starts with `subject`, once there are `count` of them (or the time is up). */
  async function mailsAbout(address: string, subject: string, count = 1): Promise<CaughtMail[]> {
    let found: CaughtMail[] = [];
    await eventually(async () => (found = (await mailsTo(address)).filter((m) => m.subject.startsWith(subject))).length >= count, 10_000);
    return found;
  }
  const sessionJobIds = async (id: string) => (await sessionsQueue().getJobs(['delayed', 'waiting'])).map((j) => j.id!).filter((jobId) => jobId.includes(id)).sort();

  describe('booked, paid and run', () => {
    let student: TestAccount;
    let session: SessionJson;
    const START = '2027-01-11T09:00:00.000Z'; // Monday, 4 days ahead

    beforeAll(async () => {
      student = await newStudent();
      const booked = await book(student, START);
      session = booked.tutoringSession;
      expect(session).toMatchObject({ status: 'held', paymentStatus: 'Pending', meetingLink: null });
      expect(await sessionJobIds(session._id)).toEqual([`session-hold.${session._id}`]);
      // Held sessions are the student's only.
      expect((await studentList(student, 'getTutoringSessions')).map((s) => s._id)).toEqual([session._id]);
      expect((await tutorList('getPendingTutoringSessions')).map((s) => s._id)).not.toContain(session._id);
      await pay(booked.paymentUrl);
    });

    it('is confirmed with its own meeting room, the hold job gone, two reminders and its completion queued once', async () => {
      const confirmed = await row(session._id);
      expect(confirmed).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
      expect(confirmed.meetingLink).toMatch(new RegExp(`^${MEETINGS}/redpen-[A-Za-z0-9_-]{22}$`));
      const start = Date.parse(START);
      const reminders = [`session-complete.${session._id}.${start + HOUR}`, `session-reminder.${session._id}.1h.${start}`, `session-reminder.${session._id}.24h.${start}`];
      expect(await eventually(async () => JSON.stringify(await sessionJobIds(session._id)) === JSON.stringify(reminders))).toBe(true);
      // Scheduling again (a replayed event) keeps one of each.
      await app.get(TutoringTimers).scheduleReminders(session._id, new Date(START));
      expect(await sessionJobIds(session._id)).toEqual(reminders);
      const [delayed24h] = (await sessionsQueue().getJobs(['delayed'])).filter((j) => j.id === reminders[2]);
      expect(delayed24h!.opts.delay).toBe(start - 24 * HOUR - Date.parse(NOW));
    });

    it('opens the pair’s chat and mails both an invite with the session’s stable UID', async () => {
      const contacts = await http().get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
      expect((contacts.body.tutors as { _id: string }[]).map((t) => t._id)).toContain(tutor.user.id);
      for (const person of [student, tutor]) {
        const [invite] = await mailsAbout(person.user.email, 'Your tutoring session is booked');
        expect(invite).toBeDefined();
        const raw = await source(invite!);
        expect(raw).toContain('text/calendar');
        expect(raw).toContain('METHOD:REQUEST');
        expect(uidOf(raw)).toBe(`session-${session._id}@redpen`);
      }
    });

    it('shows in both sides’ lists with the spec’s timing flags as the clock moves', async () => {
      expect((await studentList(student, 'getUpcomingTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ timing: 'upcoming', startsInMinutes: null, canJoin: false, paymentStatus: 'Paid' });
      expect((await tutorList('getPendingTutoringSessions')).map((s) => s._id)).toContain(session._id);
      clock.set(Date.parse(START) - 20 * 60_000);
      expect((await studentList(student, 'getUpcomingTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ startsInMinutes: 20, canCancel: false });
      clock.set(Date.parse(START) + 10 * 60_000);
      expect((await tutorList('getInProgressTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ timing: 'active', canJoin: true });
      expect((await studentList(student, 'getUpcomingTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ timing: 'active', canJoin: true, canRate: false });
      clock.set(Date.parse(START) + 2 * HOUR);
      expect((await studentList(student, 'getCompletedTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ timing: 'completed', canRate: true, canJoin: false });
      expect((await tutorList('getCompletedTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ timing: 'completed', canGetPaid: false });
      expect((await tutorList('getPendingTutoringSessions')).map((s) => s._id)).not.toContain(session._id);
      const dashboard = await http().get('/api/student/getDashboard').set(bearer(student.token)).expect(200);
      expect(dashboard.body.interviewsCompleted).toBe(1);
      const tutorDashboard = await http().get('/api/tutor/getDashboard').set(bearer(tutor.token)).expect(200);
      expect(tutorDashboard.body.interviewsConducted).toBeGreaterThanOrEqual(1);
      clock.set(NOW);
    });

    it('reminds both with the join link while it is still booked (the handler, run twice, mails once)', async () => {
      clock.set(Date.parse(START) - HOUR);
      const timers = app.get(TutoringTimers);
      expect(await timers.remind(session._id, 1)).toBe(true);
      expect(await timers.remind(session._id, 1)).toBe(true);
      const link = (await row(session._id)).meetingLink!;
      for (const person of [student, tutor]) {
        const reminders = await mailsAbout(person.user.email, 'Reminder: your tutoring session starts in 1 hour');
        await new Promise((r) => setTimeout(r, 300)); // time for a second mail, were there one
        expect(await mailsAbout(person.user.email, 'Reminder: your tutoring session starts in 1 hour')).toHaveLength(1);
        expect(reminders[0]!.text).toContain(link);
      }
      clock.set(NOW);
    });

    it('asks the student to rate it once it has ended (the completion job, run twice, mails once)', async () => {
      const timers = app.get(TutoringTimers);
      expect(await timers.complete(session._id)).toBe(false); // not ended yet
      clock.set(Date.parse(START) + HOUR);
      expect(await timers.complete(session._id)).toBe(true);
      expect(await timers.complete(session._id)).toBe(true);
      const asked = await mailsAbout(student.user.email, `How was your session with ${tutor.user.name}?`);
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsAbout(student.user.email, `How was your session with ${tutor.user.name}?`)).toHaveLength(1);
      expect(asked[0]!.text).toContain('/student/interviews');
      clock.set(NOW);
    });

    it('is rated once, by its student, after it ended, feeding the tutor’s average', async () => {
      const rate = (body: Record<string, unknown>, as = student) => http().post('/api/student/giveRating').set(bearer(as.token)).send({ type: 'session', ratings: 4, ...body });
      expect((await rate({ sessionId: session._id }).expect(409)).body.code).toBe('SESSION_NOT_RATEABLE');
      clock.set(Date.parse(START) + 2 * HOUR);
      const stranger = await newStudent();
      await rate({ sessionId: session._id }, stranger).expect(404);
      await rate({ sessionId: session._id, ratings: 6 }).expect(400);
      await rate({ sessionId: session._id, feedback: 'x'.repeat(501) }).expect(400);
      const rated = await rate({ sessionId: session._id, feedback: 'Very helpful' }).expect(200);
      expect(rated.body).toMatchObject({ message: 'Thank you for rating your tutor', tutoringSession: { _id: session._id, rated: true, canRate: false } });
      // The spec's client sends every rating's id as essayId: the same answer, once.
      expect((await rate({ essayId: session._id }).expect(409)).body.code).toBe('SESSION_ALREADY_RATED');
      const dashboard = await http().get('/api/tutor/getDashboard').set(bearer(tutor.token)).expect(200);
      expect(dashboard.body).toMatchObject({ rating: 4, totalRatings: 1 });
      clock.set(NOW);
    });

    it('pays the tutor out once, 48 hours after the end', async () => {
      const payout = () => http().post('/api/tutor/getPaidTutoringSessions').set(bearer(tutor.token)).send({ tutoringSessionID: session._id });
      clock.set(Date.parse(START) + HOUR + 47 * HOUR);
      expect((await payout().expect(422)).body.code).toBe('PAYOUT_NOT_ELIGIBLE');
      clock.set(Date.parse(START) + HOUR + 48 * HOUR);
      const payable = (await tutorList('getCompletedTutoringSessions')).find((s) => s._id === session._id)!;
      expect(payable).toMatchObject({ canGetPaid: true });
      // Get Paid states the amount: the tutor's view carries the earnings the ledger recorded; the student's does not.
      const [paid] = (await ledger(session._id)).filter((p) => p.type === 'student_tutoring_payment');
      expect(payable).toMatchObject({ tutorEarningsPence: paid!.tutorEarningsPence, tutorEarnings: paid!.tutorEarningsPence / 100 });
      expect((await studentList(student, 'getCompletedTutoringSessions')).find((s) => s._id === session._id)).not.toHaveProperty('tutorEarningsPence');
      const first = await payout().expect(200);
      const second = await payout().expect(200);
      expect(second.body.paymentUrl).toBe(first.body.paymentUrl);
      expect(await row(session._id)).toMatchObject({ tutorPaid: true });
      expect((await ledger(session._id)).filter((p) => p.type === 'tutor_tutoring_payment')).toHaveLength(1);
      expect((await tutorList('getCompletedTutoringSessions')).find((s) => s._id === session._id)).toMatchObject({ tutor_paid: true, canGetPaid: false });
      clock.set(NOW);
    });
  });

  describe('holds', () => {
    it('an unpaid hold expires by its job and frees the slot (the handler, run twice, expires once)', async () => {
      const first = await newStudent();
      const { tutoringSession } = await book(first, '2027-01-11T14:00:00.000Z');
      const second = await newStudent();
      await book(second, '2027-01-11T14:00:00.000Z', 60, 409);
      const timers = app.get(TutoringTimers);
      expect(await timers.expireHold(tutoringSession._id)).toBe(false); // not due yet
      clock.advance(900_000);
      expect(await timers.expireHold(tutoringSession._id)).toBe(true);
      expect(await timers.expireHold(tutoringSession._id)).toBe(false);
      expect(await row(tutoringSession._id)).toMatchObject({ status: 'expired' });
      await book(second, '2027-01-11T14:00:00.000Z');
      clock.set(NOW);
    });

    it('a booking meets a lapsed hold whose job has not run: the slot is given back first', async () => {
      const first = await newStudent();
      const { tutoringSession } = await book(first, '2027-01-12T14:00:00.000Z');
      clock.advance(901_000);
      const second = await newStudent();
      await book(second, '2027-01-12T14:00:00.000Z');
      expect(await row(tutoringSession._id)).toMatchObject({ status: 'expired' });
      clock.set(NOW);
    });

    it('the sweeper repairs what Redis lost: a lapsed hold whose job is gone expires; a booked session’s reminders come back once', async () => {
      const timers = app.get(TutoringTimers);
      const lost = await book(await newStudent(), '2027-01-14T14:00:00.000Z');
      await sessionsQueue().remove(`session-hold.${lost.tutoringSession._id}`);
      const kept = await book(await newStudent(), '2027-01-08T14:00:00.000Z'); // tomorrow, 26 h ahead
      await pay(kept.paymentUrl);
      const reminders = async () => (await sessionJobIds(kept.tutoringSession._id)).filter((id) => id.startsWith('session-reminder.'));
      expect(await eventually(async () => (await reminders()).length === 2)).toBe(true);
      for (const id of await reminders()) await sessionsQueue().remove(id);
      // 90 minutes on: the lost hold has lapsed, and the session (24.5 h ahead) has both its reminders within the sweep's reach.
      clock.set('2027-01-07T13:30:00Z');
      const swept = await timers.sweep();
      expect(swept.expired).toBeGreaterThanOrEqual(1);
      expect(await row(lost.tutoringSession._id)).toMatchObject({ status: 'expired' });
      expect(await reminders()).toHaveLength(2);
      await timers.sweep();
      expect(await reminders()).toHaveLength(2);
      clock.set(NOW);
    });

    it('a payment that lands after the hold expired is refunded automatically, and the slot stays with whoever has it', async () => {
      const late = await newStudent();
      const booked = await book(late, '2027-01-13T14:00:00.000Z');
      clock.advance(900_000);
      expect(await app.get(TutoringTimers).expireHold(booked.tutoringSession._id)).toBe(true);
      await pay(booked.paymentUrl);
      expect(await eventually(async () => (await ledger(booked.tutoringSession._id)).some((p) => p.status === 'refunded'))).toBe(true);
      expect(await row(booked.tutoringSession._id)).toMatchObject({ status: 'expired' });
      clock.set(NOW);
    });
  });

  describe('cancellation', () => {
    async function confirmedSession(startTime: string): Promise<{ student: TestAccount; id: string }> {
      const student = await newStudent();
      const booked = await book(student, startTime);
      await pay(booked.paymentUrl);
      expect(await eventually(async () => (await row(booked.tutoringSession._id)).status === 'confirmed')).toBe(true);
      return { student, id: booked.tutoringSession._id };
    }

    it('the student: up to 24 hours before; refunded in full, reminders removed, the .ics CANCEL of the same UID; exactly once', async () => {
      const { student, id } = await confirmedSession('2027-01-09T10:00:00.000Z'); // Saturday, 46 h ahead
      expect(await eventually(async () => (await sessionJobIds(id)).length === 3)).toBe(true); // two reminders and the completion
      const cancel = () => http().post(`/api/student/cancelTutoringSession/${id}`).set(bearer(student.token));
      const [a, b] = await Promise.all([cancel(), cancel()]);
      expect([a.status, b.status].sort()).toEqual([200, expect.any(Number)]);
      const again = await cancel().expect(200);
      expect(again.body).toMatchObject({ message: 'Session cancelled. Your payment will be refunded in full.', tutoringSession: { status: 'cancelled', paymentStatus: 'Refunded' } });
      const rows = await ledger(id);
      expect(rows.filter((p) => p.status === 'refunded')).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: 'cancelled', cancelledBy: 'student' });
      expect(await eventually(async () => (await sessionJobIds(id)).length === 0)).toBe(true);
      const contacts = await http().get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
      expect((contacts.body.tutors as { _id: string }[]).map((t) => t._id)).not.toContain(tutor.user.id);
      const [invite] = await mailsAbout(student.user.email, 'Your tutoring session is booked');
      const cancelled = await mailsAbout(student.user.email, 'Tutoring session cancelled');
      expect(cancelled).toHaveLength(1);
      const raw = await source(cancelled[0]!);
      expect(raw).toContain('METHOD:CANCEL');
      expect(uidOf(raw)).toBe(uidOf(await source(invite!)));
      expect(uidOf(raw)).toBe(`session-${id}@redpen`);
      // The slot is free again.
      await book(await newStudent(), '2027-01-09T10:00:00.000Z');
    });

    it('the student: not within 24 hours (422); the tutor: any time before the start, the student refunded', async () => {
      const { student, id } = await confirmedSession('2027-01-08T09:00:00.000Z'); // 21 h ahead
      const refused = await http().post(`/api/student/cancelTutoringSession/${id}`).set(bearer(student.token)).expect(422);
      expect(refused.body).toMatchObject({ code: 'SESSION_NOT_CANCELLABLE', message: 'Sessions can be cancelled up to 24 hours before they start' });
      const other = await bookableTutor(app);
      await http().post(`/api/tutor/cancelTutoringSession/${id}`).set(bearer(other.token)).expect(404);
      clock.set('2027-01-08T08:59:00Z');
      const done = await http().post(`/api/tutor/cancelTutoringSession/${id}`).set(bearer(tutor.token)).expect(200);
      expect(done.body).toMatchObject({ message: 'Session cancelled. The student will be refunded in full.', tutoringSession: { status: 'cancelled', paymentStatus: 'Refunded' } });
      expect(await row(id)).toMatchObject({ cancelledBy: 'tutor' });
      const [cancelled] = await mailsAbout(student.user.email, 'Tutoring session cancelled');
      expect(cancelled!.text).toContain('cancelled your session');
      clock.set(NOW);
    });

    it('the tutor: not once it has started', async () => {
      const { id } = await confirmedSession('2027-01-08T10:00:00.000Z');
      clock.set('2027-01-08T10:00:00Z');
      expect((await http().post(`/api/tutor/cancelTutoringSession/${id}`).set(bearer(tutor.token)).expect(422)).body.code).toBe('SESSION_NOT_CANCELLABLE');
      clock.set(NOW);
    });

    it('another student’s session is not found; an unpaid hold is simply let go', async () => {
      const { id } = await confirmedSession('2027-01-10T09:00:00.000Z');
      const stranger = await newStudent();
      await http().post(`/api/student/cancelTutoringSession/${id}`).set(bearer(stranger.token)).expect(404);
      await http().post('/api/student/cancelTutoringSession/not-a-uuid').set(bearer(stranger.token)).expect(404);
      const held = await book(stranger, '2027-01-10T10:00:00.000Z');
      const letGo = await http().post(`/api/student/cancelTutoringSession/${held.tutoringSession._id}`).set(bearer(stranger.token)).expect(200);
      expect(letGo.body.tutoringSession).toMatchObject({ status: 'cancelled' });
      await book(await newStudent(), '2027-01-10T10:00:00.000Z');
    });
  });
});
