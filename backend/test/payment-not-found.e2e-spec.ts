// An unknown payment is answered the same way wherever it is named: 404 PAYMENT_NOT_FOUND, never a 400 that a
// result page could mistake for something else (a made-up session_id once read as a successful payout).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { bearer, createAccount, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';

const NOT_FOUND = { message: 'Payment session not found. Please try again.', code: 'PAYMENT_NOT_FOUND' };
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

describe('an unknown payment is 404 PAYMENT_NOT_FOUND everywhere', () => {
  let app: NestFastifyApplication;
  let student: TestAccount;
  let tutor: TestAccount;
  let admin: TestAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp());
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
    admin = await createAccount(app, { role: 'admin', onboarded: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    { sessionId: 'cs_test_made_up_by_hand' },
    { sessionId: UNKNOWN_UUID },
    { payoutId: 'not-a-payout' },
    { payoutId: UNKNOWN_UUID },
    { essayId: 'nonsense' },
    { essayId: UNKNOWN_UUID },
  ])("the tutor's payout status for %j", async (body) => {
    const response = await http().post('/api/tutor/updateTutorPaymentStatus').set(bearer(tutor.token)).send(body);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });

  it.each(['cs_test_made_up_by_hand', UNKNOWN_UUID])("the student's checkout status for %s", async (sessionId) => {
    const response = await http().post('/api/student/updatePaymentStatus').set(bearer(student.token)).send({ sessionId });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });

  it.each(['not-a-uuid', UNKNOWN_UUID])("the admin's payment %s, read and updated", async (id) => {
    const read = await http().get(`/api/admin/payments/${id}`).set(bearer(admin.token));
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('PAYMENT_NOT_FOUND');
    const update = await http().put(`/api/admin/payments/${id}/status`).set(bearer(admin.token)).send({ status: 'completed' });
    expect(update.status).toBe(404);
    expect(update.body.code).toBe('PAYMENT_NOT_FOUND');
  });
});
