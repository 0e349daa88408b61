// Payments with the local gateway (no STRIPE_SECRET_KEY): the API's own TEST MODE checkout page, whose Pay,
// Cancel and Decline feed the same completion path as Stripe's webhook.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { payments } from '../src/infra/database/schema/index.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { TestItems, TestPayablesModule, type TestItem } from './support/payable-test-items.js';

describe('payments (local gateway)', () => {
  let app: NestFastifyApplication;
  let items: TestItems;
  let student: TestAccount;
  let tutor: TestAccount;
  const WEB = 'http://web.redpen.test';

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', WEB_ORIGIN: WEB }, { modules: [TestPayablesModule] }));
    items = app.get(TestItems);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const newItem = (values: Partial<TestItem> = {}) => items.create({ studentId: student.user.id, tutorId: tutor.user.id, ...values });
  const ledgerFor = (itemId: string) => db(app).select().from(payments).where(eq(payments.itemId, itemId));

  async function checkoutPath(item: TestItem): Promise<string> {
    const response = await http()
      .post('/api/student/generatePaymentUrl')
      .set(bearer(student.token))
      .send(item.kind === 'essay' ? { essayId: item.id } : { tutoringSessionId: item.id });
    expect(response.status).toBe(200);
    const url = new URL(response.body.paymentUrl as string);
    expect(url.origin).toBe(WEB);
    expect(url.pathname).toMatch(/^\/api\/payments\/local-checkout\/local_[A-Za-z0-9_-]{32}$/);
    return url.pathname;
  }

  const press = (path: string, action: string) => http().post(path).type('form').send({ action });

  it('serves an accessible TEST MODE page with the item and the amount in £, usable at 375 px', async () => {
    const item = newItem({ amountPence: 123456, title: 'Macbeth & <ambition>' });
    const page = await http().get(await checkoutPath(item));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${WEB}`);
    expect(page.text).toContain('TEST MODE');
    expect(page.text).toContain('£1,234.56');
    expect(page.text).toContain('Macbeth &amp; &lt;ambition&gt;');
    expect(page.text).toContain('<html lang="en-GB">');
    expect(page.text).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(page.text).not.toContain('<script');
    for (const action of ['pay', 'cancel', 'decline']) expect(page.text).toContain(`name="action" value="${action}"`);
    expect((await ledgerFor(item.id))[0]).toMatchObject({ paymentMethod: 'local_test', status: 'pending' });
  });

  it('Pay completes through the same path: 303 to /payment-success/essay, ledger completed, item paid, status Paid', async () => {
    const item = newItem();
    const path = await checkoutPath(item);
    const sessionId = path.split('/').pop()!;
    const paid = await press(path, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`${WEB}/payment-success/essay?session_id=${sessionId}`);
    expect((await ledgerFor(item.id))[0]).toMatchObject({ status: 'completed', paymentMethod: 'local_test' });
    expect(item.paid).toBe(1);
    // Pressing Pay again (back button) changes nothing; the page now says it is paid.
    expect((await press(path, 'pay')).status).toBe(303);
    expect(item.paid).toBe(1);
    expect((await http().get(path)).text).toContain('already been paid');
    const status = await http().post('/api/student/updatePaymentStatus').set(bearer(student.token)).send({ sessionId });
    expect(status.body).toMatchObject({ paymentStatus: 'Paid', essayId: item.id });
  });

  it('Cancel lands on /payment-failed and leaves the checkout open; a retry gets the same checkout and pays', async () => {
    const item = newItem({ kind: 'tutoring_session' });
    const path = await checkoutPath(item);
    const cancelled = await press(path, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(`${WEB}/payment-failed/tutoring`);
    expect((await ledgerFor(item.id))[0]!.status).toBe('pending');
    expect(await checkoutPath(item)).toBe(path);
    expect((await press(path, 'pay')).headers.location).toMatch(/\/payment-success\/tutoring\?session_id=/);
    expect(item.paid).toBe(1);
  });

  it('Decline fails the checkout (card_declined); a retry opens a new one that can be paid', async () => {
    const item = newItem();
    const path = await checkoutPath(item);
    const declined = await press(path, 'decline');
    expect(declined.headers.location).toBe(`${WEB}/payment-failed/essay`);
    expect((await ledgerFor(item.id))[0]).toMatchObject({ status: 'failed', metadata: { failureReason: 'card_declined' } });
    expect((await http().get(path)).text).toContain('This checkout has ended');
    const retry = await checkoutPath(item);
    expect(retry).not.toBe(path);
    expect((await press(retry, 'pay')).status).toBe(303);
    const rows = await ledgerFor(item.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'failed']);
    expect(item.paid).toBe(1);
  });

  it('refuses unknown sessions and actions; the Stripe webhook is not served without Stripe', async () => {
    expect((await http().get('/api/payments/local-checkout/local_unknown')).status).toBe(404);
    expect((await press('/api/payments/local-checkout/cs_test_x', 'pay')).status).toBe(404);
    const path = await checkoutPath(newItem());
    expect((await press(path, 'steal')).status).toBe(400);
    expect((await http().post('/api/payments/webhook').send({})).status).toBe(404);
  });

  it('has no payout account to set up: payouts are recorded', async () => {
    expect((await http().get('/api/tutor/payoutAccount').set(bearer(tutor.token))).body).toEqual({ available: false, connected: false, payoutsEnabled: false, detailsSubmitted: false });
    expect(await http().post('/api/tutor/payoutAccount/link').set(bearer(tutor.token))).toMatchObject({ status: 409, body: { code: 'PAYMENTS_UNAVAILABLE' } });
  });

  it('records refunds and payouts without moving money', async () => {
    const item = newItem({ payoutEligible: true });
    await press(await checkoutPath(item), 'pay');
    const payout = await http().post('/api/tutor/generateTutorPaymentUrl').set(bearer(tutor.token)).send({ essayId: item.id });
    expect(payout.status).toBe(200);
    const rows = await ledgerFor(item.id);
    expect(rows.find((r) => r.type === 'tutor_essay_payment')).toMatchObject({ status: 'completed', paymentMethod: 'recorded_payout', amountPence: 1200 });
  });
});
