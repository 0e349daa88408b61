// Money on the wire in pounds, as the spec writes it, each amount with its exact integer twin. One
// essay of 1,450 words (£18.15: 1000 × 1.5p + 450 × 0.7p) goes from upload to the tutor's payout, and every amount
// the spec names is read where a spec client reads it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../src/config/env.schema.js';
import { tutorProfiles } from '../../src/infra/database/schema/index.js';
import { splitCommission } from '@redpen/shared/pricing';
import { createAccount, db, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { bookableTutor } from '../support/tutoring.js';
import { ESSAY_SHAPE, expectMoney, expectShape, FEEDBACK_250, PAYMENT_SHAPE, pdfOfWords, spec, SpecClient } from './spec-client.js';

const PRICE_PENCE = 1815;
/** The subject of this run's tutoring tutor (unique: the database outlives a run). */
const CARD_SUBJECT = `Money on the card ${Date.now().toString(36)}`;

describe('contract: money in pounds with pence twins', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let redis: Redis;
  let client: SpecClient;
  let student: TestAccount;
  let tutor: TestAccount;
  let admin: TestAccount;
  let essayId: string;
  let earningsPence: number;

  beforeAll(async () => {
    ({ app, config } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    await resetLimits(redis);
    client = new SpecClient(app);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
    admin = await createAccount(app, { role: 'admin' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'Masters' }).where(eq(tutorProfiles.userId, tutor.user.id));
    earningsPence = splitCommission(PRICE_PENCE, config.payments.platformCommissionPercent).tutorEarningsPence;
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it(spec('Essay upload response: essayId, wordCount, price') + ', price in pounds', async () => {
    const uploaded = await client.upload(student, { title: 'Money on the wire' }, { bytes: await pdfOfWords(1450), name: 'essay.pdf' }).expect(200);
    expectShape(uploaded.body, { essayId: 'string', wordCount: 'integer', price: 'pounds' });
    expectMoney(uploaded.body, 'price', PRICE_PENCE);
    expect(uploaded.body.price).toBe(18.15);
    essayId = uploaded.body.essayId as string;
  });

  it(spec('POST /student/updateWordCount {essayId, wordCount, originalWordCount}') + ': the essay in pounds', async () => {
    const confirmed = await client.post('/student/updateWordCount', student, { essayId, wordCount: 1450, originalWordCount: 1450 }).expect(200);
    expectShape(confirmed.body.essay, ESSAY_SHAPE);
    expectMoney(confirmed.body.essay, 'price', PRICE_PENCE);
    const list = await client.get('/student/essays', student).expect(200);
    expectMoney(list.body.essays.find((e: { _id: string }) => e._id === essayId), 'price', PRICE_PENCE);
  });

  it(spec('price (pounds)') + ' on the pool, the accept and the tutor’s essay', async () => {
    const pool = await client.get('/tutor/getAvailableEssays', tutor).expect(200);
    const card = pool.body.essays.find((e: { _id: string }) => e._id === essayId);
    expect(card.price).toBe(18.15);
    expectMoney(card, 'price', PRICE_PENCE);
    const accepted = await client.post('/tutor/acceptEssay', tutor, { essayID: essayId }).expect(200);
    expectMoney(accepted.body.essay, 'price', PRICE_PENCE);
    const read = await client.post('/tutor/getEssay', tutor, { essayID: essayId }).expect(200);
    expectMoney(read.body.essay, 'price', PRICE_PENCE);
    const all = await client.get('/tutor/getAllEssays', tutor).expect(200);
    expectMoney(all.body.essays.find((e: { _id: string }) => e._id === essayId), 'price', PRICE_PENCE);
    const discussion = await client.get(`/essays/${essayId}`, tutor).expect(200);
    expectMoney(discussion.body.essay, 'price', PRICE_PENCE);
  });

  it(spec('POST /student/updatePaymentStatus {essayId, paymentStatus, sessionId, amount}') + ': the amount in pounds', async () => {
    const url = await client.post('/student/generatePaymentUrl', student, { essayId }).expect(200);
    const sessionId = await client.payAtLocalCheckout(url.body.paymentUrl as string);
    // The spec's client sends the amount too (in pounds); the server answers the ledger's.
    const status = await client.post('/student/updatePaymentStatus', student, { essayId, paymentStatus: 'Paid', sessionId, amount: 18.15 }).expect(200);
    expect(status.body).toMatchObject({ paymentStatus: 'Paid', amount: 18.15 });
    expectMoney(status.body, 'amount', PRICE_PENCE);
  });

  it(spec('Tutor dashboard: essaysReviewed, interviewsConducted, rating (out of 5.0), earnings') + ', earnings in pounds', async () => {
    await client.mark(tutor, { essayID: essayId, score: '8', feedback: FEEDBACK_250 }).expect(200);
    await client.post(`/student/acceptEssay/${essayId}`, student).expect(200);
    const payout = await client.post('/tutor/generateTutorPaymentUrl', tutor, { essayId }).expect(200);
    const payoutId = new URL(payout.body.paymentUrl as string, 'http://web.test').searchParams.get('payout_id');
    const status = await client.post('/tutor/updateTutorPaymentStatus', tutor, { payoutId }).expect(200);
    expectShape(status.body, { message: 'string' });
    expectMoney(status.body, 'amount', earningsPence);
    const dashboard = await client.get('/tutor/getDashboard', tutor).expect(200);
    expectShape(dashboard.body, { essaysReviewed: 'integer', interviewsConducted: 'integer', rating: 'number', earnings: 'pounds' });
    expectMoney(dashboard.body, 'earnings', earningsPence);
  });

  it(spec('Payment: … amount, … platformCommission, tutorEarnings') + ' in pounds on the admin list and detail', async () => {
    const list = await client.get('/admin/payments?limit=100', admin).expect(200);
    const rows = (list.body.payments as Array<Record<string, unknown>>).filter((p) => p.essayId === essayId);
    expect(rows.map((p) => p.type).sort()).toEqual(['student_essay_payment', 'tutor_essay_payment']);
    for (const row of rows) {
      expectShape(row, PAYMENT_SHAPE);
      for (const field of ['amount', 'platformCommission', 'tutorEarnings', 'refundedAmount']) expectMoney(row, field);
    }
    const charge = rows.find((p) => p.type === 'student_essay_payment')!;
    const detail = await client.get(`/admin/payments/${charge._id as string}`, admin).expect(200);
    expectShape(detail.body.payment, PAYMENT_SHAPE);
    expectMoney(detail.body.payment, 'amount', PRICE_PENCE);
    expectMoney(detail.body.payment, 'platformCommission', PRICE_PENCE - earningsPence);
    expectMoney(detail.body.payment, 'tutorEarnings', earningsPence);
  });

  it(spec('Payment stats: overall {netProfit, studentPayments, tutorPayments}') + ' in pounds', async () => {
    const stats = await client.get('/admin/payments/stats', admin).expect(200);
    expectShape(stats.body.overall, { netProfit: 'pounds', studentPayments: 'pounds', tutorPayments: 'pounds' });
    for (const field of ['netProfit', 'studentPayments', 'tutorPayments', 'refunds']) expectMoney(stats.body.overall, field);
    const o = stats.body.overall as Record<string, number>;
    expect(o.netProfitPence).toBe(o.studentPaymentsPence! - o.tutorPaymentsPence!);
    expect(o.studentPaymentsPence).toBeGreaterThanOrEqual(PRICE_PENCE);
  });

  it('POST /tutor/updateTutoringProfile takes hourlyRate in pounds and answers pounds with hourlyRatePence', async () => {
    const tutoring = await bookableTutor(app, { tutoringSubject: CARD_SUBJECT });
    const saved = await client
      .post('/tutor/updateTutoringProfile', tutoring, { subject: CARD_SUBJECT, hourlyRate: 42.75, description: 'Rates in pounds', status: 'Available', availability: { monday: ['09:00-10:00'] }, timeZone: 'Europe/London' })
      .expect(200);
    expectMoney(saved.body.profile, 'hourlyRate', 4275);
    expectMoney((await client.get('/tutor/getTutoringProfile', tutoring).expect(200)).body.profile, 'hourlyRate', 4275);
  });

  it('a tutor card on GET /tutor/getTutorProfilesforTutoring has hourlyRate in pounds with hourlyRatePence, paged or not', async () => {
    for (const query of ['', '&page=1']) {
      const { body } = await client.get(`/tutor/getTutorProfilesforTutoring?search=${encodeURIComponent(CARD_SUBJECT)}${query}`, student).expect(200);
      expect(body.tutors).toHaveLength(1);
      expectMoney(body.tutors[0], 'hourlyRate', 4275);
    }
  });
});
