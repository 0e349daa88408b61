// "Nobody reviews their own essay": a user holding both profiles cannot see their
// own essay in the pool, accept, mark, rate or be paid out for it, nor book a session with themselves: 409 SELF_DEALING.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { bearer, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayFlow } from './essay-flow.js';

describe('security: nobody deals with themselves', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let dual: TestAccount;
  let tutor: TestAccount;
  const flow = essayFlow(() => app);

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    dual = await flow.dualAccount();
    tutor = await flow.approvedTutor();
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('hides their own essays from the pool they see, and only from theirs', async () => {
    const own = await flow.openEssay(dual, { title: 'My own pool essay' });
    const theirs = (await flow.http().get('/api/tutor/getAvailableEssays').set(bearer(dual.token)).expect(200)).body.essays.map((e: { _id: string }) => e._id);
    expect(theirs).not.toContain(own);
    const others = (await flow.http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200)).body.essays.map((e: { _id: string }) => e._id);
    expect(others).toContain(own);
  });

  it('refuses accepting their own essay (409 SELF_DEALING), and the essay stays in the pool', async () => {
    const own = await flow.openEssay(dual, { title: 'Accept my own' });
    const refused = await flow.accept(dual, own).expect(409);
    expect(refused.body.code).toBe('SELF_DEALING');
    expect(await flow.row(own)).toMatchObject({ status: 'open', tutorId: null });
    await flow.accept(tutor, own).expect(200);
  });

  it('refuses reading their own essay as its tutor (409 SELF_DEALING)', async () => {
    const own = await flow.openEssay(dual, { title: 'Read my own as a tutor' });
    expect((await flow.getEssay(dual, own).expect(409)).body.code).toBe('SELF_DEALING');
  });

  it('refuses marking an essay they uploaded, even one they hold from before the rule', async () => {
    const held = await flow.insertEssay({ studentId: dual.user.id, tutorId: dual.user.id, status: 'paid', acceptedAt: new Date(), paidTime: new Date() });
    expect((await flow.mark(dual, held.id).expect(409)).body.code).toBe('SELF_DEALING');
    expect((await flow.row(held.id)).status).toBe('paid');
  });

  it('refuses rating themselves and paying themselves out for a self-held essay', async () => {
    const done = await flow.insertEssay({ studentId: dual.user.id, tutorId: dual.user.id, status: 'completed', acceptedAt: new Date(), paidTime: new Date(), completedAt: new Date(), studentAccept: true, score: 7, feedback: 'x' });
    const rating = await flow.http().post('/api/student/giveRating').set(bearer(dual.token)).send({ type: 'essay', essayId: done.id, ratings: 5 }).expect(409);
    expect(rating.body.code).toBe('SELF_DEALING');
    expect((await flow.row(done.id)).rated).toBe(false);
    const payout = await flow.http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(dual.token)).send({ essayId: done.id }).expect(409);
    expect(payout.body.code).toBe('SELF_DEALING');
    expect((await flow.row(done.id)).tutorPaid).toBe(false);
  });

  it('refuses booking a tutoring session with themselves (409 SELF_DEALING)', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const refused = await flow
      .http()
      .post('/api/student/createTutoringSession')
      .set(bearer(dual.token))
      .send({ tutorId: dual.user.id, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), purpose: 'Myself' })
      .expect(409);
    expect(refused.body.code).toBe('SELF_DEALING');
  });
});
