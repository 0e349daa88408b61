import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { bootApp } from './support/app.js';
import { createAccount, resetLimits, TEST_PASSWORD, type TestAccount } from './support/accounts.js';
import { waitForMails } from './support/mail-catcher.js';

const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

describe('Bull Board at /api/admin/queues', () => {
  let app: NestFastifyApplication;
  let admin: TestAccount;
  let student: TestAccount;
  let redis: Redis;

  beforeAll(async () => {
    ({ app } = await bootApp({ BULL_BOARD_ENABLED: 'true' }));
    redis = new Redis(process.env.REDIS_URL!);
    await resetLimits(redis);
    admin = await createAccount(app, { role: 'admin' });
    student = await createAccount(app, { role: 'student' });
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('asks for credentials', async () => {
    const response = await request(app.getHttpServer()).get('/api/admin/queues').expect(401);
    expect(response.headers['www-authenticate']).toContain('Basic');
  });

  it('refuses a student and a wrong password', async () => {
    await request(app.getHttpServer()).get('/api/admin/queues').set('authorization', basic(student.user.email, TEST_PASSWORD)).expect(401);
    await request(app.getHttpServer()).get('/api/admin/queues').set('authorization', basic(admin.user.email, 'wrong-password')).expect(401);
  });

  it('shows every queue to an admin', async () => {
    const auth = basic(admin.user.email, TEST_PASSWORD);
    const page = await request(app.getHttpServer()).get('/api/admin/queues').set('authorization', auth).expect(200);
    expect(page.text).toContain('<div id="root">');
    const api = await request(app.getHttpServer()).get('/api/admin/queues/api/queues').set('authorization', auth).expect(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['essays', 'mail', 'maintenance', 'notifications', 'sessions']);
  });

  it('asks an admin with two-factor for the emailed code, then remembers the sign-in', async () => {
    const guarded = await createAccount(app, { role: 'admin', twoFactor: true });
    const board = (secret: string) => request(app.getHttpServer()).get('/api/admin/queues/api/queues').set('authorization', basic(guarded.user.email, secret));
    const asked = await board(TEST_PASSWORD).expect(401);
    expect(asked.body.message).toBe('We emailed you a sign-in code. Sign in again with your password, a space, then the 6-digit code.');
    const code = /code is: (\d{6})/.exec((await waitForMails(guarded.user.email))[0]?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    await board(`${TEST_PASSWORD} ${wrong}`).expect(401);
    await board(`Wrong-Password-1 ${code}`).expect(401);
    await board(`${TEST_PASSWORD} ${code}`).expect(200);
    // The browser resends the same header while the board polls: remembered, though the code is used up.
    await board(`${TEST_PASSWORD} ${code}`).expect(200);
    // The bare password still does not open it.
    await board(TEST_PASSWORD).expect(401);
  });
});
