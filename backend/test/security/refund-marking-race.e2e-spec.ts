// "Refund against marking race": cancelling a paid essay (a full refund through the gateway) and
// marking it cannot both succeed. The refund claims its payment holding the essay's row lock before it calls the
// gateway; marking takes the same lock and refuses an essay being refunded (409 ESSAY_REFUNDING). The gateway here
// is the app's own local gateway made slow (its refund waits for the test), so the marking arrives mid-refund.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { payments } from '../../src/infra/database/schema/index.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/payments/payment-gateway.js';
import { bearer, createAccount, db, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayFlow } from './essay-flow.js';

describe('security: a refund and a marking never both succeed', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let student: TestAccount;
  let tutor: TestAccount;
  let gateway: PaymentGateway;
  let realRefund: PaymentGateway['refund'];
  const flow = essayFlow(() => app);
  const cancel = (essayId: string) => flow.http().post(`/api/student/cancelEssay/${essayId}`).set(bearer(student.token));
  const charge = async (essayId: string) => (await db(app).select().from(payments).where(eq(payments.itemId, essayId)))[0]!;

  /** The gateway's refund waits until `release()`; `started` resolves when it has been asked. */
  function slowRefunds() {
    let release!: () => void;
    let started!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked = new Promise<void>((resolve) => (started = resolve));
    gateway.refund = async (request) => {
      started();
      await released;
      return realRefund(request);
    };
    return { release, started: asked };
  }

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await flow.approvedTutor();
    gateway = app.get<PaymentGateway>(PAYMENT_GATEWAY);
    realRefund = gateway.refund.bind(gateway);
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterEach(() => {
    gateway.refund = realRefund;
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('refuses the marking while the gateway is refunding (409 ESSAY_REFUNDING); the refund completes and the essay is cancelled', async () => {
    const essayId = await flow.paidEssay(student, tutor, { title: 'Refunded while marked' });
    const slow = slowRefunds();
    const cancelling = cancel(essayId).then((r) => r);
    await slow.started;

    const marking = await flow.mark(tutor, essayId);
    expect(marking.status).toBe(409);
    expect(marking.body.code).toBe('ESSAY_REFUNDING');

    slow.release();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.essay).toMatchObject({ state: 'cancelled', paymentStatus: 'Refunded' });
    expect(await flow.row(essayId)).toMatchObject({ status: 'cancelled', score: null, completedAt: null });
    expect((await charge(essayId)).status).toBe('refunded');
  });

  it('lets the marking go again when the gateway refuses the refund', async () => {
    const essayId = await flow.paidEssay(student, tutor, { title: 'Refund refused' });
    gateway.refund = async () => {
      throw new Error('card network down');
    };
    expect((await cancel(essayId)).status).toBeGreaterThanOrEqual(500);
    gateway.refund = realRefund;
    await flow.mark(tutor, essayId).expect(200);
    expect((await charge(essayId)).status).toBe('completed');
    expect((await cancel(essayId).expect(409)).body.code).toBe('REFUND_NOT_ALLOWED');
  });

  it('sent at once, exactly one of the two goes through, and the essay and the ledger agree', async () => {
    for (let round = 0; round < 4; round++) {
      const essayId = await flow.paidEssay(student, tutor, { title: `Race round ${round}` });
      gateway.refund = async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return realRefund(request);
      };
      const [cancelled, marked] = await Promise.all([cancel(essayId).then((r) => r), flow.mark(tutor, essayId).then((r) => r)]);
      gateway.refund = realRefund;
      const succeeded = [cancelled.status, marked.status].filter((status) => status === 200).length;
      expect({ round, succeeded, cancelled: cancelled.status, marked: marked.status }).toEqual({ round, succeeded: 1, cancelled: cancelled.status, marked: marked.status });
      const essay = await flow.row(essayId);
      const ledger = await charge(essayId);
      if (cancelled.status === 200) {
        expect([essay.status, ledger.status, essay.completedAt]).toEqual(['cancelled', 'refunded', null]);
      } else {
        expect([essay.status, ledger.status, ledger.refundRequestedAt]).toEqual(['completed', 'completed', null]);
      }
    }
  });
});
