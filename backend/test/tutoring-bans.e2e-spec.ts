// A ban reaches tutoring: a banned tutor's upcoming paid
// sessions are cancelled and refunded in full, once however often the ban is asked for, and the student is told.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { payments, tutoringSessions } from '../src/infra/database/schema/index.js';
import { LocalCheckout } from '../src/modules/payments/local-checkout.service.js';
import { bearer, createAccount, db } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { eventually } from './support/eventually.js';
import { mailsTo } from './support/mail-catcher.js';
import { bookableTutor, LONG_TOKENS, settableClock } from './support/tutoring.js';

/** Thursday 7 January 2027, noon UTC; the tutor teaches every day 09:00-11:00 and 14:00-15:00 (London). */
const NOW = '2027-01-07T12:00:00Z';

describe('a banned tutor’s sessions', () => {
  let app: NestFastifyApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', BOOKING_HOLD_SECONDS: '900' }));
    settableClock(app).set(NOW);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are cancelled and refunded in full, once, and the student is told', async () => {
    const tutor = await bookableTutor(app);
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const admin = await createAccount(app, { role: 'admin' });
    const startTime = '2027-01-09T10:00:00.000Z';
    const booked = await http()
      .post('/api/student/createTutoringSession')
      .set(bearer(student.token))
      .send({ tutorId: tutor.user.id, purpose: 'Oxford interview practice', startTime, endTime: '2027-01-09T11:00:00.000Z' })
      .expect(200);
    const id = booked.body.tutoringSession._id as string;
    await app.get(LocalCheckout).act(new URL(booked.body.paymentUrl as string).pathname.split('/').pop()!, 'pay');
    const session = async () => (await db(app).select().from(tutoringSessions).where(eq(tutoringSessions.id, id)))[0]!;
    expect(await eventually(async () => (await session()).status === 'confirmed')).toBe(true);

    const ban = () => http().put(`/api/admin/updateTutor/${tutor.user.id}`).set(bearer(admin.token)).send({ banned: true });
    const answers = await Promise.all([ban(), ban()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await ban().expect(200);

    expect(await eventually(async () => (await session()).status === 'cancelled')).toBe(true);
    const ledger = await db(app).select().from(payments).where(and(eq(payments.itemKind, 'tutoring_session'), eq(payments.itemId, id)));
    expect(ledger.filter((p) => p.status === 'refunded')).toHaveLength(1);
    expect(await eventually(async () => (await mailsTo(student.user.email)).some((m) => m.subject.startsWith('Tutoring session cancelled')))).toBe(true);
  });
});
