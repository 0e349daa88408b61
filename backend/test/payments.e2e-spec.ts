// Payments with the Stripe gateway: the real `stripe` SDK against a local stand-in for the Stripe API, webhooks
// signed with the SDK's own test-header helper, the ledger in the real PostgreSQL, receipts in the mail catcher.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { paymentEvents, payments, paymentStatusChanges } from '../src/infra/database/schema/index.js';
import { PaymentsService } from '../src/modules/payments/payments.service.js';
import { StaleCheckoutsHandler } from '../src/modules/payments/stale-checkouts.handler.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { mailsTo, type CaughtMail } from './support/mail-catcher.js';
import { TestItems, TestPayablesModule, type TestItem } from './support/payable-test-items.js';
import { signedEvent, StripeStandIn, type StandInSession } from './support/stripe-stand-in.js';
import { receiptNumber } from '../src/modules/notifications/payment-notifications.subscriber.js';

const SECRET = 'whsec_test_redpen_payments_e2e';

/** The mails to `address` that `match`, once at least one has arrived (or after 10 s). */
async function mailsMatching(address: string, match: (mail: CaughtMail) => boolean): Promise<CaughtMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailsTo(address)).filter(match);
    if (found.length > 0 || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('payments (Stripe gateway)', () => {
  let app: NestFastifyApplication;
  let stripe: StripeStandIn;
  let items: TestItems;
  let student: TestAccount;
  let otherStudent: TestAccount;
  let tutor: TestAccount;
  let otherTutor: TestAccount;
  let admin: TestAccount;

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    stripe = new StripeStandIn();
    await stripe.start();
    ({ app } = await bootApp(
      { STRIPE_SECRET_KEY: 'sk_test_redpen_e2e', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url, PLATFORM_COMMISSION_PERCENT: '20' },
      { modules: [TestPayablesModule] },
    ));
    items = app.get(TestItems);
    student = await createAccount(app, { role: 'student', studentProfile: true, label: 'pay-student' });
    otherStudent = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor', label: 'pay-tutor' });
    otherTutor = await createAccount(app, { role: 'tutor' });
    admin = await createAccount(app, { role: 'admin', onboarded: false });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.stop();
  });

  const newItem = (values: Partial<TestItem> = {}) => items.create({ studentId: student.user.id, tutorId: tutor.user.id, ...values });

  async function payUrl(item: TestItem, account = student, body?: Record<string, unknown>) {
    return http()
      .post('/api/student/generatePaymentUrl')
      .set(bearer(account.token))
      .send(body ?? (item.kind === 'essay' ? { essayId: item.id } : { tutoringSessionId: item.id }));
  }

  async function checkout(item: TestItem) {
    const response = await payUrl(item);
    expect(response.status).toBe(200);
    return stripe.sessionFor(response.body.paymentUrl as string);
  }

  function deliver(event: { payload: string; signature: string }) {
    return http().post('/api/payments/webhook').set('content-type', 'application/json').set('stripe-signature', event.signature).send(event.payload);
  }

  const ledgerFor = (itemId: string) => db(app).select().from(payments).where(eq(payments.itemId, itemId));

  describe('checkout', () => {
    it('charges the amount the item states, in GBP, whatever the body says, with the return URLs of the payment result pages', async () => {
      const item = newItem({ amountPence: 1537 });
      const response = await payUrl(item, student, { essayId: item.id, amount: 1, price: 0.01, paymentStatus: 'Paid' });
      expect(response.status).toBe(200);
      const session = stripe.sessionFor(response.body.paymentUrl);
      expect(session).toMatchObject({ amount_total: 1537, currency: 'gbp', customer_email: student.user.email });
      expect(session.success_url).toMatch(/\/payment-success\/essay\?session_id=\{CHECKOUT_SESSION_ID\}$/);
      expect(session.cancel_url).toMatch(/\/payment-failed\/essay$/);
      const [row] = await ledgerFor(item.id);
      expect(row).toMatchObject({
        status: 'pending',
        type: 'student_essay_payment',
        amountPence: 1537,
        currency: 'GBP',
        platformCommissionPence: 307,
        tutorEarningsPence: 1230,
        payerId: student.user.id,
        payerType: 'student',
        recipientType: 'platform',
        paymentMethod: 'stripe_card',
        stripeSessionId: session.id,
        itemKind: 'essay',
      });
    });

    it('a tutoring session returns to /payment-success/tutoring', async () => {
      const item = newItem({ kind: 'tutoring_session' });
      const session = await checkout(item);
      expect(session.success_url).toMatch(/\/payment-success\/tutoring\?session_id=/);
      expect((await ledgerFor(item.id))[0]!.type).toBe('student_tutoring_payment');
    });

    it("refuses someone else's item (404), a missing item (404), an unpayable one (422) and an empty body (400)", async () => {
      const item = newItem();
      expect((await payUrl(item, otherStudent)).status).toBe(404);
      expect((await payUrl(item, student, { essayId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
      const blocked = newItem({ payable: false });
      expect(await payUrl(blocked)).toMatchObject({ status: 422, body: { code: 'PAYMENT_NOT_PAYABLE' } });
      expect((await payUrl(item, student, {})).status).toBe(400);
      expect(await ledgerFor(blocked.id)).toHaveLength(0);
    });

    it('a checkout that expired without its event reaching us is replaced by a new one on the next pay call', async () => {
      const item = newItem();
      const first = await checkout(item);
      stripe.expire(first.id);
      const second = await checkout(item);
      expect(second.id).not.toBe(first.id);
      expect((await ledgerFor(item.id)).map((r) => r.status).sort()).toEqual(['failed', 'pending']);
    });

    it('a checkout paid without our hearing of it is settled on the next pay call, which answers 409', async () => {
      const item = newItem();
      stripe.pay((await checkout(item)).id);
      expect(await payUrl(item)).toMatchObject({ status: 409, body: { code: 'PAYMENT_ALREADY_PAID' } });
      expect((await ledgerFor(item.id))[0]!.status).toBe('completed');
      expect(item.paid).toBe(1);
    });

    it('20 concurrent pay calls for one item make one checkout, one ledger row, and all get the same URL', async () => {
      const item = newItem();
      const before = stripe.checkoutsCreated;
      const responses = await Promise.all(Array.from({ length: 20 }, () => payUrl(item)));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((r) => r.body.paymentUrl)).size).toBe(1);
      expect(stripe.checkoutsCreated - before).toBe(1);
      expect(await ledgerFor(item.id)).toHaveLength(1);
    });
  });

  describe('webhook', () => {
    it('refuses a missing, forged or stale signature with 400 and changes nothing', async () => {
      const item = newItem();
      const session = stripe.pay((await checkout(item)).id);
      const forged = signedEvent(SECRET, 'checkout.session.completed', session, { badSignature: true });
      const stale = signedEvent(SECRET, 'checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(await deliver(forged)).toMatchObject({ status: 400, body: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
      expect((await deliver(stale)).status).toBe(400);
      expect((await http().post('/api/payments/webhook').set('content-type', 'application/json').send(forged.payload)).status).toBe(400);
      // A valid signature over other bytes (the body re-serialised) does not verify either.
      const tampered = { ...forged, payload: forged.payload.replace('"livemode":false', '"livemode": false'), signature: signedEvent(SECRET, 'x', {}).signature };
      expect((await deliver(tampered)).status).toBe(400);
      expect((await ledgerFor(item.id))[0]!.status).toBe('pending');
      expect(item.paid).toBe(0);
    });

    it('the same event delivered 10 times (at once) has one effect: one completion, one receipt', async () => {
      const item = newItem({ title: 'Ten deliveries' });
      const session = stripe.pay((await checkout(item)).id);
      const event = signedEvent(SECRET, 'checkout.session.completed', session);
      const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(responses.filter((r) => r.body.result === 'applied')).toHaveLength(1);
      const rows = await ledgerFor(item.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'completed', stripePaymentIntentId: session.payment_intent });
      expect(rows[0]!.paidAt).toBeInstanceOf(Date);
      expect(item.paid).toBe(1);
      const changes = await db(app).select().from(paymentStatusChanges).where(and(eq(paymentStatusChanges.paymentId, rows[0]!.id), eq(paymentStatusChanges.toStatus, 'completed')));
      expect(changes).toHaveLength(1);
      const receipts = await mailsMatching(student.user.email, (m) => m.text.includes(`Reference: ${receiptNumber(rows[0]!.id)}`));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain('£15.00');
      expect(receipts[0]!.text).toContain('Ten deliveries');
    });

    it('fulfils only when paid: a completed-but-unpaid checkout waits for async_payment_succeeded; async failure fails it', async () => {
      const later = newItem();
      const s1 = stripe.completeUnpaid((await checkout(later)).id);
      expect((await deliver(signedEvent(SECRET, 'checkout.session.completed', s1))).status).toBe(200);
      expect((await ledgerFor(later.id))[0]!.status).toBe('pending');
      stripe.pay(s1.id);
      expect((await deliver(signedEvent(SECRET, 'checkout.session.async_payment_succeeded', s1))).status).toBe(200);
      expect((await ledgerFor(later.id))[0]!.status).toBe('completed');

      const failing = newItem();
      const s2 = stripe.completeUnpaid((await checkout(failing)).id);
      expect((await deliver(signedEvent(SECRET, 'checkout.session.async_payment_failed', s2))).status).toBe(200);
      expect((await ledgerFor(failing.id))[0]).toMatchObject({ status: 'failed', metadata: { failureReason: 'payment_failed' } });
      expect(failing.paid).toBe(0);
      // A failed checkout leaves room for a new one.
      const retry = await checkout(failing);
      expect(retry.id).not.toBe(s2.id);
      expect(await ledgerFor(failing.id)).toHaveLength(2);
    });

    it('an expired checkout fails its row; a stale "completed" arriving after it changes nothing', async () => {
      const item = newItem();
      const session = stripe.expire((await checkout(item)).id);
      await deliver(signedEvent(SECRET, 'checkout.session.expired', session));
      await deliver(signedEvent(SECRET, 'checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' }));
      expect((await ledgerFor(item.id))[0]).toMatchObject({ status: 'failed', metadata: { failureReason: 'checkout_expired' } });
      expect(item.paid).toBe(0);
    });

    it('never fulfils a checkout whose amount differs from the ledger (tampering at the provider)', async () => {
      const item = newItem({ amountPence: 2000 });
      const session = await checkout(item);
      session.amount_total = 1;
      stripe.pay(session.id);
      expect((await deliver(signedEvent(SECRET, 'checkout.session.completed', session))).status).toBe(200);
      expect((await ledgerFor(item.id))[0]!.status).toBe('pending');
      expect(item.paid).toBe(0);
    });

    it('ignores events it does not handle and checkouts that are not its own', async () => {
      expect((await deliver(signedEvent(SECRET, 'customer.created', { id: 'cus_1', object: 'customer' }))).body.result).toBe('ignored');
      const stranger = { id: 'cs_test_not_ours', object: 'checkout.session' };
      expect((await deliver(signedEvent(SECRET, 'checkout.session.completed', stranger))).status).toBe(200);
    });

    it('replays 500 signed events (20 % duplicates, shuffled, 5 % bad signatures, 1 % stale): bad ones 400, no 5xx, each checkout fulfilled once, same final state over 3 shuffles', async () => {
      const finals: string[] = [];
      for (let round = 0; round < 3; round++) {
        // 40 checkouts: 30 paid, 10 expired; 370 distinct events about them.
        const roundItems = Array.from({ length: 40 }, (_, i) => newItem({ title: `Replay ${round}.${i}` }));
        const sessions: StandInSession[] = [];
        for (const item of roundItems) sessions.push(await checkout(item));
        sessions.forEach((s, i) => (i < 30 ? stripe.pay(s.id) : stripe.expire(s.id)));
        const distinct = Array.from({ length: 370 }, (_, i) => {
          const s = sessions[i % 40]!;
          const type = i % 40 >= 30 ? 'checkout.session.expired' : ['checkout.session.completed', 'checkout.session.async_payment_succeeded'][i % 2]!;
          return { type, object: { ...s }, eventId: `evt_replay_${round}_${i}` };
        });
        const good = distinct.map((e) => ({ ...signedEvent(SECRET, e.type, e.object, { eventId: e.eventId }), bad: false }));
        const duplicates = Array.from({ length: 100 }, (_, i) => ({ ...good[(i * 7) % good.length]! }));
        const forged = Array.from({ length: 25 }, (_, i) => ({ ...signedEvent(SECRET, distinct[i]!.type, distinct[i]!.object, { eventId: distinct[i]!.eventId, badSignature: true }), bad: true }));
        const stale = Array.from({ length: 5 }, (_, i) => ({
          ...signedEvent(SECRET, distinct[i + 30]!.type, distinct[i + 30]!.object, { eventId: distinct[i + 30]!.eventId, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
          bad: true,
        }));
        const deliveries = [...good, ...duplicates, ...forged, ...stale];
        expect(deliveries).toHaveLength(500);
        for (let i = deliveries.length - 1; i > 0; i--) {
          const j = Math.floor(Math.random() * (i + 1));
          [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
        }
        const statuses: { bad: boolean; status: number }[] = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (next < deliveries.length) {
              const delivery = deliveries[next++]!;
              statuses.push({ bad: delivery.bad, status: (await deliver(delivery)).status });
            }
          }),
        );
        expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
        expect(statuses.filter((s) => s.bad).every((s) => s.status === 400)).toBe(true);
        expect(statuses.filter((s) => !s.bad).every((s) => s.status === 200)).toBe(true);
        const rows = await db(app).select().from(payments).where(inArray(payments.itemId, roundItems.map((i) => i.id)));
        const byItem = new Map(rows.map((r) => [r.itemId, r]));
        const applied = await db(app).select().from(paymentEvents).where(inArray(paymentEvents.id, distinct.map((e) => e.eventId)));
        expect(applied).toHaveLength(370);
        finals.push(JSON.stringify(roundItems.map((item) => [byItem.get(item.id)!.status, item.paid])));
        roundItems.forEach((item, i) => expect([byItem.get(item.id)!.status, item.paid]).toEqual(i < 30 ? ['completed', 1] : ['failed', 0]));
      }
      expect(new Set(finals).size).toBe(1);
    }, 120_000);
  });

  describe('return from checkout (updatePaymentStatus)', () => {
    const status = (sessionId: string, account = student, extra: Record<string, unknown> = {}) =>
      http().post('/api/student/updatePaymentStatus').set(bearer(account.token)).send({ sessionId, ...extra });

    it('answers from the gateway: a body claiming "Paid" for an unpaid checkout changes nothing', async () => {
      const item = newItem();
      const session = await checkout(item);
      const response = await status(session.id, student, { essayId: item.id, paymentStatus: 'Paid', amount: 15 });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ paymentStatus: 'Pending', status: 'pending', essayId: item.id, amount: 15, amountPence: 1500 });
      expect((await ledgerFor(item.id))[0]!.status).toBe('pending');
      expect(item.paid).toBe(0);
    });

    it('browser first, webhook after: both end Paid, one effect', async () => {
      const item = newItem();
      const session = stripe.pay((await checkout(item)).id);
      expect((await status(session.id)).body).toMatchObject({ paymentStatus: 'Paid', message: 'Payment successful' });
      expect((await deliver(signedEvent(SECRET, 'checkout.session.completed', session))).status).toBe(200);
      expect((await ledgerFor(item.id))[0]!.status).toBe('completed');
      expect(item.paid).toBe(1);
    });

    it('webhook first, browser after: both end Paid, one effect', async () => {
      const item = newItem();
      const session = stripe.pay((await checkout(item)).id);
      await deliver(signedEvent(SECRET, 'checkout.session.completed', session));
      expect((await status(session.id)).body).toMatchObject({ paymentStatus: 'Paid' });
      expect(item.paid).toBe(1);
    });

    it("answers 404 for someone else's checkout or an unknown one", async () => {
      const item = newItem();
      const session = await checkout(item);
      expect((await status(session.id, otherStudent)).status).toBe(404);
      expect((await status('cs_test_unknown')).status).toBe(404);
      expect((await status('')).status).toBe(400);
    });

    it('a paid item cannot be checked out again', async () => {
      const item = newItem();
      const session = stripe.pay((await checkout(item)).id);
      await status(session.id);
      expect(await payUrl(item)).toMatchObject({ status: 409, body: { code: 'PAYMENT_ALREADY_PAID' } });
    });
  });

  describe('stale checkouts (maintenance.settle-stale-checkouts)', () => {
    const backdate = (sessionId: string) =>
      db(app).update(payments).set({ updatedAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(payments.stripeSessionId, sessionId));

    it('settles from the gateway what no webhook reported and skips what is not stale; a second run changes nothing; asks again about open ones only later', async () => {
      const paidOne = newItem();
      const expiredOne = newItem();
      const openOne = newItem();
      const freshOne = newItem();
      const s1 = stripe.pay((await checkout(paidOne)).id);
      const s2 = stripe.expire((await checkout(expiredOne)).id);
      const s3 = await checkout(openOne);
      // Paid at Stripe a moment ago: its webhook is on the way, so the sweeper leaves it alone.
      stripe.pay((await checkout(freshOne)).id);
      for (const s of [s1, s2, s3]) await backdate(s.id);
      const all = [paidOne, expiredOne, openOne, freshOne];
      /** Everything a run can change: the ledger rows, their status history, what each item was told. */
      const state = async () => {
        const rows = await db(app).select().from(payments).where(inArray(payments.itemId, all.map((i) => i.id)));
        const history = await db(app).select().from(paymentStatusChanges).where(inArray(paymentStatusChanges.paymentId, rows.map((r) => r.id)));
        return {
          rows: rows.sort((a, b) => a.id.localeCompare(b.id)),
          history: history.sort((a, b) => a.id.localeCompare(b.id)),
          items: all.map((i) => ({ paid: i.paid, refunded: i.refunded })),
        };
      };

      const handler = app.get(StaleCheckoutsHandler);
      // The three backdated checkouts are asked about; the fresh one is not.
      expect(await handler.settleStaleCheckouts()).toEqual({ checked: 3 });
      const afterFirst = await state();
      expect((await ledgerFor(paidOne.id))[0]!.status).toBe('completed');
      expect(paidOne.paid).toBe(1);
      expect((await ledgerFor(expiredOne.id))[0]).toMatchObject({ status: 'failed', metadata: { failureReason: 'checkout_expired' } });
      const [open] = await ledgerFor(openOne.id);
      expect(open!.status).toBe('pending');
      // Marked as just asked about: the next runs skip it until it is stale again.
      expect(Date.now() - open!.updatedAt.getTime()).toBeLessThan(60_000);
      expect((await ledgerFor(freshOne.id))[0]!.status).toBe('pending');
      expect(freshOne.paid).toBe(0);
      expect(afterFirst.history.filter((h) => h.fromStatus === 'pending').map((h) => h.toStatus).sort()).toEqual(['completed', 'failed']);

      // A second run finds nothing stale and changes nothing.
      expect(await handler.settleStaleCheckouts()).toEqual({ checked: 0 });
      expect(await state()).toEqual(afterFirst);
    });
  });

  async function paidItem(values: Partial<TestItem> = {}) {
    const item = newItem(values);
    const session = stripe.pay((await checkout(item)).id);
    await http().post('/api/student/updatePaymentStatus').set(bearer(student.token)).send({ sessionId: session.id });
    return { item, session, charge: (await ledgerFor(item.id)).find((r) => r.type.startsWith('student'))! };
  }

  describe('refunds', () => {
    it('refunds in full through the gateway, once, even when asked 5 times at once; the item is told once', async () => {
      const { item, charge } = await paidItem();
      const service = app.get(PaymentsService);
      const before = stripe.refunds.length;
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => service.refundItem('essay', item.id, { requestedBy: student.user.id, reason: 'Cancelled within 24 h' })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(stripe.refunds.length - before).toBe(1);
      expect(stripe.refunds.at(-1)).toMatchObject({ amount: 1500, payment_intent: charge.stripePaymentIntentId });
      const [row] = await ledgerFor(item.id);
      expect(row).toMatchObject({ status: 'refunded', refundedAmountPence: 1500 });
      expect(row!.refundedAt).toBeInstanceOf(Date);
      expect(item.refunded).toBe(1);
      await expect(service.refundItem('essay', item.id, { requestedBy: null, reason: 'again' })).rejects.toMatchObject({ status: 409 });
      // Stripe's own charge.refunded for the same refund changes nothing more.
      const charged = { id: 'ch_test_1', object: 'charge', payment_intent: charge.stripePaymentIntentId, amount: 1500, amount_refunded: 1500, refunded: true };
      expect((await deliver(signedEvent(SECRET, 'charge.refunded', charged))).status).toBe(200);
      expect(item.refunded).toBe(1);
      expect(await mailsMatching(student.user.email, (m) => m.subject.startsWith('Refund') && m.text.includes(`Reference: ${receiptNumber(charge.id)}`))).toHaveLength(1);
    });

    it('enforces the refund window the item states, and refuses an unpaid item', async () => {
      const { item } = await paidItem({ refundable: false });
      await expect(app.get(PaymentsService).refundItem('essay', item.id, { requestedBy: null, reason: 'late' })).rejects.toMatchObject({ status: 422 });
      expect((await ledgerFor(item.id))[0]!.status).toBe('completed');
      const unpaid = newItem();
      await expect(app.get(PaymentsService).refundItem('essay', unpaid.id, { requestedBy: null, reason: 'x' })).rejects.toMatchObject({ status: 409 });
    });

    it('a refund made in the Stripe dashboard (charge.refunded) is applied once', async () => {
      const { item, charge } = await paidItem();
      const charged = { id: 'ch_test_2', object: 'charge', payment_intent: charge.stripePaymentIntentId, amount: 1500, amount_refunded: 1500, refunded: true };
      const event = signedEvent(SECRET, 'charge.refunded', charged);
      await Promise.all([deliver(event), deliver(event), deliver(signedEvent(SECRET, 'charge.refunded', charged))]);
      expect((await ledgerFor(item.id))[0]).toMatchObject({ status: 'refunded', refundedAmountPence: 1500 });
      expect(item.refunded).toBe(1);
    });

    it('refunds automatically when the item can no longer take the payment (its hold ended)', async () => {
      const { item } = await paidItem({ unavailable: true, kind: 'tutoring_session' });
      expect((await ledgerFor(item.id))[0]!.status).toBe('refunded');
      expect(item.refunded).toBe(1);
    });
  });

  describe('tutor payouts', () => {
    const essayPayout = (item: TestItem, account = tutor) => http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(account.token)).send({ essayId: item.id });
    const sessionPayout = (item: TestItem, account = tutor) =>
      http().post('/api/tutor/getPaidTutoringSessions').set(bearer(account.token)).send({ tutoringSessionID: item.id });

    it('refused before eligibility (422), to another tutor (404), and before the student paid (422)', async () => {
      const { item } = await paidItem();
      expect(await essayPayout(item)).toMatchObject({ status: 422, body: { code: 'PAYOUT_NOT_ELIGIBLE' } });
      item.payoutEligible = true;
      expect((await essayPayout(item, otherTutor)).status).toBe(404);
      const unpaid = newItem({ payoutEligible: true });
      expect(await essayPayout(unpaid)).toMatchObject({ status: 422, body: { code: 'PAYOUT_NOT_ELIGIBLE' } });
      expect((await ledgerFor(item.id)).filter((r) => r.type === 'tutor_essay_payment')).toHaveLength(0);
    });

    it('once eligible, 20 concurrent calls make exactly one payout of the tutor earnings, and all lead to the same page', async () => {
      const { item, charge } = await paidItem({ title: 'Payout essay' });
      item.payoutEligible = true;
      const responses = await Promise.all(Array.from({ length: 20 }, () => essayPayout(item)));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((r) => r.body.paymentUrl)).size).toBe(1);
      expect(responses[0]!.body.paymentUrl).toMatch(/^\/tutor\/payment-success\?payout_id=[0-9a-f-]{36}$/);
      const payouts = (await ledgerFor(item.id)).filter((r) => r.type === 'tutor_essay_payment');
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({
        status: 'completed',
        amountPence: charge.tutorEarningsPence,
        payerId: null,
        payerType: 'platform',
        recipientId: tutor.user.id,
        recipientType: 'tutor',
        paymentMethod: 'recorded_payout',
      });
      expect(item.tutorPaid).toBe(1);
      const payoutId = new URL(responses[0]!.body.paymentUrl, 'http://x').searchParams.get('payout_id');
      const status = await http().post('/api/tutor/updateTutorPaymentStatus').set(bearer(tutor.token)).send({ payoutId, essayId: item.id });
      expect(status.body).toMatchObject({ status: 'completed', message: 'Payment successful', amount: 12, amountPence: 1200 });
      const foreign = await http().post('/api/tutor/updateTutorPaymentStatus').set(bearer(otherTutor.token)).send({ payoutId });
      expect(foreign).toMatchObject({ status: 404, body: { message: 'Payment session not found. Please try again.' } });
      expect(await mailsMatching(tutor.user.email, (m) => m.subject.startsWith('Payout') && m.text.includes(`Reference: ${receiptNumber(payouts[0]!.id)}`) && m.text.includes('£12.00'))).toHaveLength(1);
    });

    it('pays a tutoring session the same way (tutor_tutoring_payment)', async () => {
      const { item } = await paidItem({ kind: 'tutoring_session', payoutEligible: true });
      expect((await sessionPayout(item)).status).toBe(200);
      expect((await sessionPayout(item)).status).toBe(200);
      expect((await ledgerFor(item.id)).filter((r) => r.type === 'tutor_tutoring_payment')).toHaveLength(1);
      expect(item.tutorPaid).toBe(1);
    });
  });

  describe('tutor payout accounts (Stripe Connect)', () => {
    it('creates one connected account however many times the link is asked for, and links to Stripe onboarding', async () => {
      const responses = await Promise.all(Array.from({ length: 5 }, () => http().post('/api/tutor/payoutAccount/link').set(bearer(otherTutor.token))));
      expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
      const accounts = [...stripe.accounts.values()].filter((a) => a.metadata.tutorId === otherTutor.user.id);
      expect(accounts).toHaveLength(1);
      expect(responses[0]!.body.url).toContain(`/setup/${accounts[0]!.id}`);
      expect(decodeURIComponent(responses[0]!.body.url)).toMatch(/\/tutor\/profile\?payouts=done$/);
      expect((await http().get('/api/tutor/payoutAccount').set(bearer(otherTutor.token))).body).toEqual({ available: true, connected: true, payoutsEnabled: false, detailsSubmitted: false });
    });

    it('account.updated (re-fetched) enables transfers; a payout then goes to the account by transfer, once', async () => {
      await http().post('/api/tutor/payoutAccount/link').set(bearer(tutor.token));
      const account = [...stripe.accounts.values()].find((a) => a.metadata.tutorId === tutor.user.id)!;
      Object.assign(account, { payouts_enabled: true, details_submitted: true });
      // The event's own copy says otherwise: the re-fetched account decides.
      const event = signedEvent(SECRET, 'account.updated', { ...account, payouts_enabled: false });
      expect((await deliver(event)).body.result).toBe('applied');
      expect((await deliver(event)).body.result).toBe('duplicate');
      const { item, charge } = await paidItem({ payoutEligible: true });
      const responses = await Promise.all(Array.from({ length: 5 }, () => http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(tutor.token)).send({ essayId: item.id })));
      expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
      const payout = (await ledgerFor(item.id)).find((r) => r.type === 'tutor_essay_payment')!;
      const transfers = stripe.transfers.filter((t) => t.metadata.payoutId === payout.id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ amount: charge.tutorEarningsPence, currency: 'gbp', destination: account.id });
      expect(payout).toMatchObject({ status: 'completed', paymentMethod: 'stripe_transfer', gatewayReference: transfers[0]!.id });
    });
  });

  describe('admin', () => {
    const asAdmin = (path: string) => http().get(path).set(bearer(admin.token));

    it('lists the ledger newest first, 20 a page, filtered, with the spec pagination', async () => {
      const page = await asAdmin('/api/admin/payments');
      expect(page.status).toBe(200);
      expect(page.body.payments.length).toBeLessThanOrEqual(20);
      expect(page.body.pagination).toMatchObject({ currentPage: 1, hasPrev: false });
      expect(page.body.pagination.totalPayments).toBeGreaterThan(20);
      expect(page.body.pagination.hasNext).toBe(true);
      const first = page.body.payments[0];
      expect(first).toHaveProperty('_id');
      expect(first).toHaveProperty('payer.userType');
      const dates = page.body.payments.map((p: { createdAt: string }) => p.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);

      const payouts = await asAdmin('/api/admin/payments?type=tutor_essay_payment&status=completed&payerType=platform&recipientType=tutor');
      expect(payouts.body.payments.length).toBeGreaterThan(0);
      // Other files' tutors share the test database: every row matches the filter, and this file's payout is among them.
      for (const p of payouts.body.payments) expect(p).toMatchObject({ type: 'tutor_essay_payment', status: 'completed', payerType: 'platform', recipient: { userType: 'tutor' } });
      expect(payouts.body.payments.some((p: { recipient: { userId: { _id: string } } }) => p.recipient.userId._id === tutor.user.id)).toBe(true);

      // Every row created today (UTC): other files share the ledger, and some move the app's clock to other days.
      const today = new Date().toISOString().slice(0, 10);
      const [{ n: createdToday }] = (await db(app).execute(sql`select count(*)::int as n from payments where created_at >= ${today}::date and created_at < ${today}::date + 1`)).rows as { n: number }[];
      expect((await asAdmin(`/api/admin/payments?dateFrom=${today}&dateTo=${today}`)).body.pagination.totalPayments).toBe(createdToday);
      expect((await asAdmin('/api/admin/payments?dateTo=2000-01-01')).body.pagination).toMatchObject({ totalPayments: 0, totalPages: 1, hasNext: false });
      const second = await asAdmin('/api/admin/payments?page=2&limit=5');
      expect(second.body.pagination).toMatchObject({ currentPage: 2, hasPrev: true });
      expect(second.body.payments).toHaveLength(5);
      // Pages follow each other: no row twice, none skipped, the order carried across the boundary.
      const ten = await asAdmin('/api/admin/payments?page=1&limit=10');
      const firstFive = await asAdmin('/api/admin/payments?page=1&limit=5');
      const ids = (r: { body: { payments: { _id: string }[] } }) => r.body.payments.map((p) => p._id);
      expect([...ids(firstFive), ...ids(second)]).toEqual(ids(ten));
      expect((await asAdmin('/api/admin/payments?status=bogus')).status).toBe(400);
    });

    it('stats: net profit = completed student payments − completed payouts, in pence, with counts', async () => {
      const rows = await db(app).select().from(payments);
      const sum = (filter: (r: (typeof rows)[number]) => boolean) => rows.filter(filter).reduce((total, r) => total + r.amountPence, 0);
      const student = sum((r) => r.type.startsWith('student') && r.status === 'completed');
      const tutorPaid = sum((r) => r.type.startsWith('tutor') && r.status === 'completed');
      const stats = await asAdmin('/api/admin/payments/stats');
      expect(stats.body.overall).toMatchObject({ studentPaymentsPence: student, tutorPaymentsPence: tutorPaid, netProfitPence: student - tutorPaid, studentPayments: student / 100, netProfit: (student - tutorPaid) / 100 });
      expect(stats.body.overall.studentPaymentsCount).toBe(rows.filter((r) => r.type.startsWith('student') && r.status === 'completed').length);
    });

    it('shows one payment with its history, and records every status change with who and when', async () => {
      const { charge } = await paidItem({ title: 'Admin view' });
      const detail = await asAdmin(`/api/admin/payments/${charge.id}`);
      expect(detail.body.payment).toMatchObject({
        _id: charge.id,
        amount: 15,
        amountPence: 1500,
        platformCommission: 3,
        platformCommissionPence: 300,
        tutorEarnings: 12,
        tutorEarningsPence: 1200,
        paymentMethod: 'stripe_card',
        essay: { title: 'Admin view', academicLevel: 'A-Level' },
        payer: { userType: 'student', userId: { _id: student.user.id, email: student.user.email } },
      });
      expect(detail.body.payment.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'completed']);

      const put = await http().put(`/api/admin/payments/${charge.id}/status`).set(bearer(admin.token)).send({ status: 'failed', adminNotes: 'Chargeback opened' });
      expect(put.status).toBe(200);
      expect(put.body.payment).toMatchObject({ status: 'failed', adminNotes: 'Chargeback opened' });
      const last = put.body.payment.history.at(-1);
      expect(last).toMatchObject({ changedBy: admin.user.id, source: 'admin', from: 'completed', to: 'failed', notes: 'Chargeback opened' });
      expect((await http().put(`/api/admin/payments/${charge.id}/status`).set(bearer(admin.token)).send({ status: 'lost' })).status).toBe(400);
      expect((await asAdmin('/api/admin/payments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await asAdmin('/api/admin/payments/not-a-uuid')).status).toBe(404);
    });
  });
});
