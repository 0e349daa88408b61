// "2p essays": no essay is priced below the smallest GBP card charge (MIN_CHARGE_PENCE, 30p, in
// shared/src/pricing.ts). For an image (or a document with no readable text) the student's count is the original
// and the ±10 % band holds the student to it; the accepting tutor may set it once, freely, at acceptance or in the
// discussion, which reprices the essay (the student then pays the new price or cancels for free).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { essayChargePence, essayPricePence, MIN_CHARGE_PENCE } from '@redpen/shared/pricing';
import { bearer, createAccount, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayFlow } from './essay-flow.js';

describe('security: the smallest price, and a count that is the student’s', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let student: TestAccount;
  let tutor: TestAccount;
  const flow = essayFlow(() => app);
  const confirmCount = (essayId: string, wordCount: number) => flow.http().post(`/api/essays/${essayId}/confirm`).set(bearer(tutor.token)).send({ wordCount });
  const studentCount = (essayId: string, wordCount: number) => flow.http().post('/api/student/updateWordCount').set(bearer(student.token)).send({ essayId, wordCount });

  /** An image uploaded with the student's count, confirmed by them into the pool. */
  async function imageEssay(count: number, title: string): Promise<string> {
    const uploaded = await flow.upload(student, { image: true, fields: { wordCount: String(count) }, title }).expect(200);
    expect(uploaded.body).toMatchObject({ wordCount: count, originalWordCount: count, wordCountToBeAgreed: false });
    await studentCount(uploaded.body.essayId, count).expect(200);
    return uploaded.body.essayId as string;
  }

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await flow.approvedTutor();
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('prices a five-word document and a one-word image at the minimum (30p), not at 8p or 2p', async () => {
    expect(essayPricePence(1)).toBe(2);
    const text = await flow.upload(student, { count: 5, title: 'Five words' }).expect(200);
    expect(text.body).toMatchObject({ wordCount: 5, pricePence: MIN_CHARGE_PENCE, price: 0.3 });
    const image = await flow.upload(student, { image: true, fields: { wordCount: '1' }, title: 'One word, photographed' }).expect(200);
    expect(image.body).toMatchObject({ wordCount: 1, pricePence: MIN_CHARGE_PENCE });
    const read = (await flow.http().get(`/api/student/essay/${image.body.essayId}`).set(bearer(student.token)).expect(200)).body.essay;
    expect(read).toMatchObject({ pricePence: MIN_CHARGE_PENCE, wordCountEstimated: true });
  });

  it("holds the student to the ±10 % band of their own count", async () => {
    const essayId = (await flow.upload(student, { image: true, fields: { wordCount: '100' }, title: 'Band of my count' }).expect(200)).body.essayId as string;
    await studentCount(essayId, 150).expect(422);
    await studentCount(essayId, 5).expect(422);
    expect((await studentCount(essayId, 110).expect(200)).body.essay).toMatchObject({ wordCount: 110, originalWordCount: 100 });
  });

  it("lets the tutor set an image's count once at acceptance, outside the band; it reprices, and the student pays the new price", async () => {
    const essayId = await imageEssay(1, 'Set at acceptance');
    await flow.http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId, wordCount: 3_000_000_000 }).expect(400);
    const accepted = await flow.http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId, wordCount: 1500 }).expect(200);
    expect(accepted.body.essay).toMatchObject({ wordCount: 1500, originalWordCount: 1500, pricePence: essayChargePence(1500), wordCountEstimated: false, state: 'accepted' });
    // Once: from now on the band of the tutor's count holds.
    await confirmCount(essayId, 3000).expect(422);
    await confirmCount(essayId, 1600).expect(200);
    // The student confirms the price the tutor's count gives before paying it.
    await flow.http().post(`/api/essays/${essayId}/confirm-price`).set(bearer(student.token)).send({ pricePence: essayChargePence(1600) }).expect(200);
    const paying = await flow.http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId }).expect(200);
    expect(paying.body.paymentUrl).toEqual(expect.any(String));
    expect((await flow.row(essayId)).pricePence).toBe(essayChargePence(1600));
  });

  it('lets the tutor set it once in the discussion instead; the student may cancel for free', async () => {
    const essayId = await imageEssay(200, 'Set in the discussion');
    await flow.accept(tutor, essayId).expect(200);
    expect((await confirmCount(essayId, 4000).expect(200)).body.essay).toMatchObject({ wordCount: 4000, originalWordCount: 4000, wordCountEstimated: false });
    await confirmCount(essayId, 200).expect(422);
    // Freely, but not past what the database holds: a clear 400, never a 500.
    expect((await confirmCount(essayId, 3_000_000_000).expect(400)).body.message).toBe('Word count must be at most 1,000,000');
    const cancelled = await flow.http().post(`/api/student/cancelEssay/${essayId}`).set(bearer(student.token)).expect(200);
    expect(cancelled.body).toMatchObject({ message: 'Essay cancelled', essay: { state: 'cancelled', paymentStatus: 'Pending' } });
  });

  it('keeps a count read from the document in its band, at acceptance too (nothing is accepted when refused)', async () => {
    const essayId = await flow.openEssay(student, { count: 300, title: 'A counted document' });
    await flow.http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId, wordCount: 1500 }).expect(422);
    expect(await flow.row(essayId)).toMatchObject({ status: 'open', tutorId: null, wordCount: 300 });
    const accepted = await flow.http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId, wordCount: 320 }).expect(200);
    expect(accepted.body.essay).toMatchObject({ wordCount: 320, originalWordCount: 300, pricePence: essayChargePence(320) });
  });
});
