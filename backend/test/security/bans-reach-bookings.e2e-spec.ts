// Security regression: a ban reaches every booking of the banned person, whichever side they are on. A banned tutor's
// held slot could still be paid for (and was then confirmed with a meeting link); a banned student's paid session
// stayed booked on the tutor's list. Now a ban ends the person's unpaid holds at once, cancels and refunds in full
// their upcoming paid sessions on either side (both people are told; the banned one neutrally), a checkout for a
// booking with a banned person is refused, and money that lands for one anyway is refunded and never confirms it,
// once however often the gateway repeats itself. The admin reads what a ban will end before confirming it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { payments, tutoringSessions } from '../../src/infra/database/schema/index.js';
import { LocalCheckout } from '../../src/modules/payments/local-checkout.service.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { TutoringBansSubscriber } from '../../src/modules/tutoring/tutoring-bans.subscriber.js';
import { sessionRef } from '../../src/modules/tutoring/tutoring.events.js';
import { bearer, createAccount, db, setBanned, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { mailsTo } from '../support/mail-catcher.js';
import { bookableTutor, LONG_TOKENS, settableClock } from '../support/tutoring.js';

/** Thursday 7 January 2027, noon UTC; every tutor teaches every day 09:00-11:00 and 14:00-15:00 (London = UTC in winter). */
const NOW = '2027-01-07T12:00:00Z';

const slot = (day: number, hour: number) => {
  const start = new Date(Date.UTC(2027, 0, day, hour));
  return { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() };
};

describe('bans reach bookings', () => {
  let app: NestFastifyApplication;
  let admin: TestAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', BOOKING_HOLD_SECONDS: '900' }));
    settableClock(app).set(NOW);
    admin = await createAccount(app, { role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const newStudent = () => createAccount(app, { role: 'student', studentProfile: true });
  const checkoutId = (paymentUrl: string) => new URL(paymentUrl).pathname.split('/').pop()!;
  async function hold(student: TestAccount, tutor: TestAccount, time: { startTime: string; endTime: string }) {
    const booked = await http().post('/api/student/createTutoringSession').set(bearer(student.token)).send({ tutorId: tutor.user.id, purpose: 'Interview practice', ...time }).expect(200);
    return { id: booked.body.tutoringSession._id as string, checkout: checkoutId(booked.body.paymentUrl as string) };
  }
  async function confirmed(student: TestAccount, tutor: TestAccount, time: { startTime: string; endTime: string }) {
    const held = await hold(student, tutor, time);
    await app.get(LocalCheckout).act(held.checkout, 'pay');
    expect((await session(held.id)).status).toBe('confirmed');
    return held;
  }
  const session = async (id: string) => (await db(app).select().from(tutoringSessions).where(eq(tutoringSessions.id, id)))[0]!;
  const ledger = (id: string) => db(app).select().from(payments).where(and(eq(payments.itemKind, 'tutoring_session'), eq(payments.itemId, id)));
  const impact = async (userId: string) => (await http().get(`/api/admin/tutoring/banImpact/${userId}`).set(bearer(admin.token)).expect(200)).body as { upcomingSessions: number; unpaidHolds: number };
  const cancellationMail = async (to: TestAccount) => (await mailsTo(to.user.email)).find((m) => m.subject.startsWith('Tutoring session cancelled'));

  it('a banned tutor: holds end at once, the held slot cannot be paid for, paid sessions are cancelled and refunded, both sides told', async () => {
    const tutor = await bookableTutor(app);
    const holder = await newStudent();
    const payer = await newStudent();
    const held = await hold(holder, tutor, slot(8, 9));
    const booked = await confirmed(payer, tutor, slot(9, 10));

    expect(await impact(tutor.user.id)).toEqual({ upcomingSessions: 1, unpaidHolds: 1 });
    await http().put(`/api/admin/updateTutor/${tutor.user.id}`).set(bearer(admin.token)).send({ banned: true }).expect(200);

    // The hold ended with the ban; paying for it is refused with the reason.
    expect((await session(held.id)).status).toBe('expired');
    const refused = await http().post('/api/student/generatePaymentUrl').set(bearer(holder.token)).send({ tutoringSessionId: held.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TUTOR_NOT_BOOKABLE', message: expect.stringMatching(/no longer available/) });
    // The checkout opened before the ban is paid anyway: refunded in full, never confirmed.
    await app.get(LocalCheckout).act(held.checkout, 'pay');
    expect(await eventually(async () => (await ledger(held.id)).some((p) => p.status === 'refunded'))).toBe(true);
    expect((await session(held.id)).status).toBe('expired');
    expect((await session(held.id)).meetingLink).toBeNull();

    // The paid session: cancelled by the platform and refunded in full, once.
    expect(await eventually(async () => (await session(booked.id)).status === 'cancelled')).toBe(true);
    expect((await session(booked.id)).cancelledBy).toBe('platform');
    expect((await ledger(booked.id)).filter((p) => p.status === 'refunded')).toHaveLength(1);
    const studentList = await http().get('/api/student/getUpcomingTutoringSessions').set(bearer(payer.token)).expect(200);
    expect(studentList.body.tutoringSessions.map((s: { _id: string }) => s._id)).not.toContain(booked.id);

    // The student is told why; the banned tutor only that our team cancelled it.
    expect(await eventually(async () => (await cancellationMail(payer)) !== undefined && (await cancellationMail(tutor)) !== undefined)).toBe(true);
    expect((await cancellationMail(payer))!.text).toMatch(/can no longer take part in sessions on Redpen/);
    expect((await cancellationMail(payer))!.text).toMatch(/refunded to you/);
    const toTutor = (await cancellationMail(tutor))!.text;
    expect(toTutor).toMatch(/was cancelled by our team/);
    expect(toTutor).not.toMatch(/ban|can no longer/i);

    expect(await impact(tutor.user.id)).toEqual({ upcomingSessions: 0, unpaidHolds: 0 });

    // A replayed refund event (the relay retrying it) refunds nothing more.
    const row = await session(booked.id);
    await app.get(TutoringBansSubscriber).refund({ ...sessionRef(row), bannedUserId: tutor.user.id, bannedBy: admin.user.id });
    expect((await ledger(booked.id)).filter((p) => p.status === 'refunded')).toHaveLength(1);
  });

  it('a banned student: their paid session leaves the tutor’s list (cancelled, refunded) and their holds end', async () => {
    const tutor = await bookableTutor(app);
    const other = await bookableTutor(app);
    const student = await newStudent();
    const booked = await confirmed(student, tutor, slot(10, 9));
    const held = await hold(student, other, slot(10, 14));

    expect(await impact(student.user.id)).toEqual({ upcomingSessions: 1, unpaidHolds: 1 });
    await http().put(`/api/admin/updateStudent/${student.user.id}`).set(bearer(admin.token)).send({ banned: true }).expect(200);

    expect((await session(held.id)).status).toBe('expired');
    expect(await eventually(async () => (await session(booked.id)).status === 'cancelled')).toBe(true);
    expect((await session(booked.id)).cancelledBy).toBe('platform');
    expect((await ledger(booked.id)).filter((p) => p.status === 'refunded')).toHaveLength(1);
    const pending = await http().get('/api/tutor/getPendingTutoringSessions').set(bearer(tutor.token)).expect(200);
    expect(pending.body.sessions.map((s: { _id: string }) => s._id)).not.toContain(booked.id);

    expect(await eventually(async () => (await cancellationMail(tutor)) !== undefined && (await cancellationMail(student)) !== undefined)).toBe(true);
    expect((await cancellationMail(tutor))!.text).toMatch(/can no longer take part in sessions on Redpen/);
    const toStudent = (await cancellationMail(student))!.text;
    expect(toStudent).toMatch(/was cancelled by our team/);
    expect(toStudent).not.toMatch(/ban|can no longer/i);

    // The slot the banned student held is free again for others.
    await hold(await newStudent(), other, slot(10, 14));
  });

  it('money that lands for a banned person’s hold before the ban’s consequences ran is refunded once and confirms nothing', async () => {
    const tutor = await bookableTutor(app);
    const student = await newStudent();
    const held = await hold(student, tutor, slot(11, 9));
    // The flag alone (no event): the consequences have not run, the hold still stands.
    await setBanned(app, tutor.user.id, true);
    expect((await session(held.id)).status).toBe('held');

    const refused = await http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ tutoringSessionId: held.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TUTOR_NOT_BOOKABLE');

    // The gateway says paid, then says it again (a retried webhook, a second event, the browser's return).
    const row = (await ledger(held.id))[0]!;
    const paid = { id: row.stripeSessionId!, status: 'complete' as const, paymentStatus: 'paid' as const, amountTotal: row.amountPence, currency: 'gbp', paymentIntentId: null };
    const event = { id: `evt_${held.id}`, type: 'checkout.session.completed' };
    await app.get(PaymentsService).settleCheckout(paid, { source: 'stripe:webhook', event });
    await app.get(PaymentsService).settleCheckout(paid, { source: 'stripe:webhook', event });
    await app.get(PaymentsService).settleCheckout(paid, { source: 'stripe:webhook', event: { ...event, id: `${event.id}_2` } });
    await http().post('/api/student/updatePaymentStatus').set(bearer(student.token)).send({ sessionId: row.stripeSessionId }).expect(200);

    expect(await eventually(async () => (await ledger(held.id)).some((p) => p.status === 'refunded'))).toBe(true);
    const after = await ledger(held.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.status).toBe('refunded');
    expect((await session(held.id)).status).not.toBe('confirmed');
    expect((await session(held.id)).meetingLink).toBeNull();
  });

  it('a banned student’s payment landing late is refunded too', async () => {
    const tutor = await bookableTutor(app);
    const student = await newStudent();
    const held = await hold(student, tutor, slot(12, 9));
    await setBanned(app, student.user.id, true);
    await app.get(LocalCheckout).act(held.checkout, 'pay');
    expect(await eventually(async () => (await ledger(held.id)).some((p) => p.status === 'refunded'))).toBe(true);
    expect((await session(held.id)).status).not.toBe('confirmed');
  });

  it('the ban impact of someone unknown is 404', async () => {
    await http().get('/api/admin/tutoring/banImpact/00000000-0000-4000-8000-000000000000').set(bearer(admin.token)).expect(404);
    await http().get('/api/admin/tutoring/banImpact/not-a-uuid').set(bearer(admin.token)).expect(404);
  });
});
