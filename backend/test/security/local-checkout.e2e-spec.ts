// Security regression: the local gateway's TEST MODE checkout (one click pays) answers 404 whenever
// the local gateway is not the configured one — with Stripe, or in production without a gateway — so a pending
// `local_` checkout left in the ledger can never be paid there.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { payments } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { TestItems, TestPayablesModule, type TestItem } from '../support/payable-test-items.js';

describe('the local checkout where the local gateway is not the configured one', () => {
  let local: NestFastifyApplication;
  let item: TestItem;
  let path: string;

  beforeAll(async () => {
    // A development instance with the local gateway opens a checkout: its row stays pending in the shared ledger.
    ({ app: local } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }, { modules: [TestPayablesModule] }));
    const student = await createAccount(local, { role: 'student', studentProfile: true });
    const tutor = await createAccount(local, { role: 'tutor' });
    item = local.get(TestItems).create({ studentId: student.user.id, tutorId: tutor.user.id });
    const response = await request(local.getHttpServer()).post('/api/student/generatePaymentUrl').set(bearer(student.token)).send({ essayId: item.id }).expect(200);
    path = new URL(response.body.paymentUrl as string).pathname;
    expect(path).toMatch(/^\/api\/payments\/local-checkout\/local_/);
    await request(local.getHttpServer()).get(path).expect(200);
  });
  afterAll(async () => {
    await local?.close();
  });

  const ledger = async () => (await db(local).select().from(payments).where(eq(payments.itemId, item.id)))[0];

  it.each([
    ['Stripe is configured', { STRIPE_SECRET_KEY: 'sk_test_security', STRIPE_WEBHOOK_SECRET: 'whsec_security', STRIPE_API_URL: 'http://127.0.0.1:9' }],
    ['production has no gateway', { NODE_ENV: 'production', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', JWT_SECRET: 'a-production-secret-of-forty-characters!' }],
  ])('when %s: the page and every button answer 404 and the checkout stays unpaid', async (_label, env) => {
    const { app } = await bootApp(env, { modules: [TestPayablesModule] });
    try {
      const http = () => request(app.getHttpServer());
      expect((await http().get(path)).status).toBe(404);
      for (const action of ['pay', 'decline', 'cancel']) {
        const answer = await http().post(path).type('form').send({ action });
        expect(answer.status).toBe(404);
        expect(answer.headers.location).toBeUndefined();
      }
      expect(await ledger()).toMatchObject({ status: 'pending' });
      expect(item.paid).toBe(0);
    } finally {
      await app.close();
    }
  });
});
