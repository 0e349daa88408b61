// Security regression: calendar squatting. A hold keeps a slot from every other student for BOOKING_HOLD_SECONDS
// without a penny paid, and it could be booked again as soon as it lapsed, so one student could hold a tutor's whole
// calendar. A student now has at most MAX_LIVE_HOLDS_PER_STUDENT unpaid holds in all and MAX_LIVE_HOLDS_PER_TUTOR with
// one tutor (409 with a stable code and the reason), counted race-safely, and every booking counts against the write
// limit (429 past it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq, gt } from 'drizzle-orm';
import request from 'supertest';
import { MAX_LIVE_HOLDS_PER_STUDENT, MAX_LIVE_HOLDS_PER_TUTOR } from '@redpen/shared/tutoring';
import { tutoringSessions } from '../../src/infra/database/schema/index.js';
import { LocalCheckout } from '../../src/modules/payments/local-checkout.service.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { bookableTutor, LONG_TOKENS, settableClock, type SettableClock } from '../support/tutoring.js';

/** Thursday 7 January 2027, noon UTC; every tutor teaches every day 09:00-11:00 and 14:00-15:00 (London = UTC in winter). */
const NOW = '2027-01-07T12:00:00Z';
const WRITES_PER_MINUTE = 12;
const HOLD_SECONDS = 900;

const slot = (day: number, hour: number) => {
  const start = new Date(Date.UTC(2027, 0, day, hour));
  return { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() };
};

describe('calendar squatting: unpaid holds are capped per student and per tutor', () => {
  let app: NestFastifyApplication;
  let clock: SettableClock;
  const tutors: TestAccount[] = [];
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({
      ...LONG_TOKENS,
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      BOOKING_HOLD_SECONDS: String(HOLD_SECONDS),
      WRITE_RATE_LIMIT_PER_MINUTE: String(WRITES_PER_MINUTE),
    }));
    clock = settableClock(app);
    clock.set(NOW);
    for (let i = 0; i < 5; i++) tutors.push(await bookableTutor(app));
  });
  afterAll(async () => {
    await app?.close();
  });

  const newStudent = () => createAccount(app, { role: 'student', studentProfile: true });
  const book = (student: TestAccount, tutor: TestAccount, time: { startTime: string; endTime: string }) =>
    http().post('/api/student/createTutoringSession').set(bearer(student.token)).send({ tutorId: tutor.user.id, purpose: 'Interview practice', ...time });
  const liveHolds = async (studentId: string) =>
    db(app)
      .select()
      .from(tutoringSessions)
      .where(and(eq(tutoringSessions.studentId, studentId), eq(tutoringSessions.status, 'held'), gt(tutoringSessions.holdExpiresAt, clock.now())));

  it('the constants are the rule: two holds in all, one with any one tutor', () => {
    expect(MAX_LIVE_HOLDS_PER_STUDENT).toBe(2);
    expect(MAX_LIVE_HOLDS_PER_TUTOR).toBe(1);
  });

  it('refuses a second hold with one tutor and a third in all with 409, a code and the reason; the same slot again answers the hold', async () => {
    const student = await newStudent();
    const [a, b, c] = tutors as [TestAccount, TestAccount, TestAccount];

    const first = await book(student, a, slot(8, 9)).expect(200);
    const again = await book(student, a, slot(8, 9)).expect(200);
    expect(again.body.tutoringSession._id).toBe(first.body.tutoringSession._id);
    expect(again.body.paymentUrl).toMatch(/^http/);

    const sameTutor = await book(student, a, slot(9, 9)).expect(409);
    expect(sameTutor.body).toMatchObject({ code: 'HOLD_WITH_TUTOR_EXISTS', message: expect.stringMatching(/unpaid booking with this tutor/) });

    await book(student, b, slot(8, 14)).expect(200);
    const third = await book(student, c, slot(10, 9)).expect(409);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_HOLDS', message: expect.stringMatching(/already have 2 unpaid bookings/) });
    expect(await liveHolds(student.user.id)).toHaveLength(2);

    // The slot a refused booking asked for is still free for others.
    await book(await newStudent(), c, slot(10, 9)).expect(200);
  });

  it('a paid session is no longer a hold, and a lapsed or cancelled hold no longer counts', async () => {
    const student = await newStudent();
    const [a, b, c, d] = tutors as [TestAccount, TestAccount, TestAccount, TestAccount];

    const paid = await book(student, a, slot(11, 9)).expect(200);
    await app.get(LocalCheckout).act(new URL(paid.body.paymentUrl as string).pathname.split('/').pop()!, 'pay');
    await book(student, a, slot(12, 9)).expect(200); // the paid one is booked, not held: another hold with the same tutor

    const cancelled = await book(student, b, slot(11, 14)).expect(200);
    await book(student, c, slot(12, 14)).expect(409);
    await http().post(`/api/student/cancelTutoringSession/${cancelled.body.tutoringSession._id}`).set(bearer(student.token)).expect(200);
    await book(student, c, slot(12, 14)).expect(200);

    clock.advance(HOLD_SECONDS * 1000 + 1000);
    try {
      // Both holds lapsed (their jobs need not have run): two new ones are allowed, with a tutor held before too.
      await book(student, a, slot(13, 9)).expect(200);
      await book(student, d, slot(13, 14)).expect(200);
      await book(student, b, slot(13, 10)).expect(409);
    } finally {
      clock.set(NOW);
    }
  });

  it('concurrent bookings by one student cannot both pass the count', async () => {
    const student = await newStudent();
    // Five tutors, five times that do not overlap: only the count can refuse.
    const times = [slot(14, 9), slot(14, 10), slot(14, 14), slot(15, 9), slot(15, 10)];
    const answers = await Promise.all(tutors.map((tutor, i) => book(student, tutor, times[i]!)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(MAX_LIVE_HOLDS_PER_STUDENT);
    for (const refused of answers.filter((r) => r.status !== 200)) expect(refused.body).toMatchObject({ code: 'TOO_MANY_HOLDS' });
    expect(await liveHolds(student.user.id)).toHaveLength(MAX_LIVE_HOLDS_PER_STUDENT);

    const other = await newStudent();
    const sameTutor = await Promise.all([9, 10, 14].map((hour) => book(other, tutors[4]!, slot(16, hour))));
    expect(sameTutor.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(sameTutor.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(['HOLD_WITH_TUTOR_EXISTS', 'HOLD_WITH_TUTOR_EXISTS']);
    expect(await liveHolds(other.user.id)).toHaveLength(1);
  });

  it('every booking, refused or not, counts against the write limit: 429 past it', async () => {
    const student = await newStudent();
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_MINUTE; i++) statuses.push((await book(student, tutors[i % tutors.length]!, slot(18, [9, 10, 14][i % 3]!))).status);
    expect(statuses).not.toContain(429);
    const limited = await book(student, tutors[0]!, slot(19, 9));
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
