// A long essay paid at 30p: an image uploaded with the student's estimate of 1 word was accepted, paid at the
// estimate's price (30p), and its count could then never be set (the tutor's Confirm answers 409 once paid). An
// essay whose count is not read from the document (an image, or a document with no text layer) cannot be paid until
// the accepting tutor has set the count in the discussion and the student has confirmed the price that count gives
// (POST /api/essays/{id}/confirm-price with the price they were shown). Until then generatePaymentUrl answers 409:
// WORD_COUNT_NOT_SET while the count is the student's estimate (or none), PRICE_NOT_CONFIRMED while the current price
// is not the one the student confirmed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { essayChargePence, MIN_CHARGE_PENCE } from '@redpen/shared/pricing';
import { payments } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayFlow } from './essay-flow.js';

describe('security: an estimated word count is set by the tutor and its price confirmed by the student before paying', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let student: TestAccount;
  let otherStudent: TestAccount;
  let tutor: TestAccount;
  const flow = essayFlow(() => app);
  const http = () => flow.http();
  const payUrl = (essayId: string) => http().post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId });
  const setCount = (essayId: string, wordCount?: number) =>
    http().post(`/api/essays/${essayId}/confirm`).set(bearer(tutor.token)).send(wordCount === undefined ? {} : { wordCount });
  const confirmPrice = (essayId: string, pricePence: number, as: TestAccount = student) =>
    http().post(`/api/essays/${essayId}/confirm-price`).set(bearer(as.token)).send({ pricePence });
  const read = async (essayId: string) => (await http().get(`/api/student/essay/${essayId}`).set(bearer(student.token)).expect(200)).body.essay;

  /** An image with the student's estimate (or none), in the pool and accepted by the tutor without a count. */
  async function acceptedImage(title: string, estimate?: number): Promise<string> {
    const essayId = await flow.openEssay(student, { image: true, title, fields: estimate === undefined ? {} : { wordCount: String(estimate) } });
    await flow.accept(tutor, essayId).expect(200);
    return essayId;
  }

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    otherStudent = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await flow.approvedTutor();
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('refuses to take 30p for a 1-word estimate: no payment until the tutor sets the count (409 WORD_COUNT_NOT_SET)', async () => {
    const essayId = await acceptedImage('A long essay, photographed', 1);
    const refused = await payUrl(essayId).expect(409);
    expect(refused.body).toMatchObject({ code: 'WORD_COUNT_NOT_SET', message: expect.stringMatching(/tutor has not set the word count/i) });
    expect(await read(essayId)).toMatchObject({ pricePence: MIN_CHARGE_PENCE, wordCountEstimated: true, priceConfirmationNeeded: false });
    expect(await db(app).select().from(payments).where(eq(payments.itemId, essayId))).toHaveLength(0);
    // The student cannot confirm a price before the count is set either.
    expect((await confirmPrice(essayId, MIN_CHARGE_PENCE).expect(409)).body.code).toBe('WORD_COUNT_NOT_SET');
  });

  it('does not let a Confirm without a count stand for setting it (the estimate stays unpaid)', async () => {
    const essayId = await acceptedImage('Confirmed without a count', 1);
    const refused = await setCount(essayId).expect(422);
    expect(refused.body.message).toMatch(/set the word count/i);
    expect((await payUrl(essayId).expect(409)).body.code).toBe('WORD_COUNT_NOT_SET');
  });

  it('after the tutor sets the count the student sees the new price and must confirm it (409 PRICE_NOT_CONFIRMED); then pays exactly it', async () => {
    const essayId = await acceptedImage('Set, seen, then paid', 1);
    const set = await setCount(essayId, 2400).expect(200);
    expect(set.body.essay).toMatchObject({ wordCount: 2400, pricePence: essayChargePence(2400), wordCountEstimated: false, priceConfirmationNeeded: true });
    expect(await read(essayId)).toMatchObject({ wordCount: 2400, pricePence: essayChargePence(2400), priceConfirmationNeeded: true });
    const refused = await payUrl(essayId).expect(409);
    expect(refused.body).toMatchObject({ code: 'PRICE_NOT_CONFIRMED', message: expect.stringContaining('2,400 words') });

    // A confirmation of a price the essay no longer has (the old 30p) confirms nothing.
    const stale = await confirmPrice(essayId, MIN_CHARGE_PENCE).expect(409);
    expect(stale.body.code).toBe('PRICE_NOT_CONFIRMED');
    expect((await payUrl(essayId).expect(409)).body.code).toBe('PRICE_NOT_CONFIRMED');
    // Nobody else confirms it: another student hears 404, the tutor is refused the student's route.
    await confirmPrice(essayId, essayChargePence(2400), otherStudent).expect(404);
    await confirmPrice(essayId, essayChargePence(2400), tutor).expect(403);

    const confirmed = await confirmPrice(essayId, essayChargePence(2400)).expect(200);
    expect(confirmed.body.essay).toMatchObject({ pricePence: essayChargePence(2400), priceConfirmationNeeded: false });
    // Idempotent.
    await confirmPrice(essayId, essayChargePence(2400)).expect(200);

    // The tutor changes the count again (within the band of the count they set): the new price is confirmed again.
    await setCount(essayId, 2600).expect(200);
    expect((await payUrl(essayId).expect(409)).body.code).toBe('PRICE_NOT_CONFIRMED');
    await confirmPrice(essayId, essayChargePence(2600)).expect(200);

    await flow.pay(student, essayId);
    const [charge] = await db(app).select().from(payments).where(eq(payments.itemId, essayId));
    expect(charge).toMatchObject({ status: 'completed', amountPence: essayChargePence(2600) });
    expect(await read(essayId)).toMatchObject({ state: 'paid', pricePence: essayChargePence(2600) });
  });

  it('holds an image uploaded without any count the same way (409 WORD_COUNT_NOT_SET, then the confirm step)', async () => {
    const essayId = await acceptedImage('No count given');
    expect((await payUrl(essayId).expect(409)).body.code).toBe('WORD_COUNT_NOT_SET');
    await setCount(essayId, 900).expect(200);
    expect((await payUrl(essayId).expect(409)).body.code).toBe('PRICE_NOT_CONFIRMED');
    await confirmPrice(essayId, essayChargePence(900)).expect(200);
    await payUrl(essayId).expect(200);
  });

  it('holds a count set at acceptance the same way', async () => {
    const essayId = await flow.openEssay(student, { image: true, title: 'Set at acceptance', fields: { wordCount: '1' } });
    await http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: essayId, wordCount: 1500 }).expect(200);
    expect((await payUrl(essayId).expect(409)).body.code).toBe('PRICE_NOT_CONFIRMED');
    await confirmPrice(essayId, essayChargePence(1500)).expect(200);
    await payUrl(essayId).expect(200);
  });

  it('leaves a count read from the document as it was: payable once accepted, no confirmation step', async () => {
    const essayId = await flow.openEssay(student, { count: 300, title: 'A counted document' });
    await flow.accept(tutor, essayId).expect(200);
    expect(await read(essayId)).toMatchObject({ priceConfirmationNeeded: false });
    await payUrl(essayId).expect(200);
  });
});
