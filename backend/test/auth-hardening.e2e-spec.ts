// Hardening of the auth module: each block fails without the fix it guards.
import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import { hashPassword, MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, withHashSlot } from '../src/common/security/password-hasher.js';
import { APP_CONFIG } from '../src/config/config.module.js';
import type { AppConfig, TwoFactorPolicy } from '../src/config/env.schema.js';
import type { FakeClock } from '../src/infra/clock/fake-clock.js';
import { passwordResetTokens, users, verificationCodes } from '../src/infra/database/schema/index.js';
import { QUEUES } from '../src/infra/queue/job-registry.js';
import { hashResetToken } from '../src/modules/auth/one-time-secrets.js';
import { bearer, createAccount, db, resetLimits, TEST_PASSWORD } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { mailsTo, uniqueAddress, waitForMails, type CaughtMail } from './support/mail-catcher.js';
import { queuesIdle } from './support/time.js';

const codeIn = (mail: CaughtMail | undefined) => /code is: (\d{6})/.exec(mail?.text ?? '')?.[1];
const newest = (mails: CaughtMail[]) => [...mails].sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).at(-1);
const JWT_SECRET = 'hardening-test-secret-0123456789abcdef';

describe('auth hardening', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let config: AppConfig;
  const http = () => request(app.getHttpServer());
  // TRUST_PROXY is on for this app so each test can speak from addresses of its own.
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const login = (email: string, password: string, ip = '198.51.100.1') => http().post('/api/auth/login').set(from(ip)).send({ email, password });
  const register = (email: string) =>
    http().post('/api/auth/register').send({ name: 'Jane Doe', email, password: 'Quiet-Harbour-73', role: 'student', phone: '07700900123' });
  let clock: FakeClock;

  beforeAll(async () => {
    ({ app, config, clock } = await bootApp({ TRUST_PROXY: 'true', JWT_SECRET }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(async () => {
    await resetLimits(redis);
    clock.reset();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('sign-in lockout', () => {
    it('does not count right passwords', async () => {
      const account = await createAccount(app);
      for (let i = 0; i < 15; i++) await login(account.user.email, TEST_PASSWORD).expect(200);
    });

    it('blocks account + IP after 10 failures, slows other new IPs progressively, and lets a known IP in', async () => {
      const account = await createAccount(app);
      const email = account.user.email;
      await login(email, TEST_PASSWORD, '203.0.113.50').expect(200); // a place the owner has signed in from
      for (let i = 0; i < 10; i++) {
        await login(email, 'Wrong-Password-1', '203.0.113.66').expect(401);
        clock.advance(61_000); // past any account-wide delay
      }
      // The attacker's address is blocked, even with the right password…
      const blocked = await login(email, TEST_PASSWORD, '203.0.113.66').expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
      // …while the account is not: a new address right after a failure waits a moment, then gets in.
      await login(email, 'Wrong-Password-1', '203.0.113.77').expect(401);
      const slowed = await login(email, TEST_PASSWORD, '203.0.113.88').expect(429);
      expect(slowed.body.code).toBe('RATE_LIMITED');
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
      await login(email, TEST_PASSWORD, '203.0.113.50').expect(200); // the known address does not wait
      clock.advance(61_000);
      await login(email, TEST_PASSWORD, '203.0.113.88').expect(200);
    });
  });

  describe('password reset flood', () => {
    it('is limited per IP', async () => {
      for (let i = 0; i < 10; i++) await http().post('/api/auth/resetPassword').set(from('192.0.2.9')).send({ resetToken: `bad-${i}`, newPassword: 'Brand-New-Kettle-9' }).expect(400);
      await http().post('/api/auth/resetPassword').set(from('192.0.2.9')).send({ resetToken: 'bad-x', newPassword: 'Brand-New-Kettle-9' }).expect(429);
    });

    it('never hashes for a bad token, answers 503 + Retry-After when the hash queue is full, and sign-in still answers', async () => {
      const account = await createAccount(app);
      const resetToken = 'a-live-reset-token-for-the-flood-test';
      await db(app).insert(passwordResetTokens).values({ userId: account.user.id, tokenHash: hashResetToken(resetToken), expiresAt: new Date(Date.now() + 600_000) });
      // Fill the hashing queue from here (the app shares this process): every running slot is held until
      // released, and every waiting place holds a real hash, so the queue stays full however fast argon2 is.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const running = Array.from({ length: MAX_CONCURRENT_HASHES }, () => withHashSlot('hash', () => held));
      const waiting = Array.from({ length: MAX_WAITING_HASHES }, (_, i) => hashPassword(`fill-${i}`));
      await expect(hashPassword('one-too-many')).rejects.toMatchObject({ status: 503 });

      // A bad token is answered without queueing a hash (it would be refused with 503 if it asked for one).
      const bad = await http().post('/api/auth/resetPassword').set(from('192.0.2.10')).send({ resetToken: 'not-a-token', newPassword: 'Brand-New-Kettle-9' }).expect(400);
      expect(bad.body.code).toBe('RESET_TOKEN_INVALID');
      const busy = await http().post('/api/auth/resetPassword').set(from('192.0.2.10')).send({ resetToken, newPassword: 'Brand-New-Kettle-9' }).expect(503);
      expect(busy.body).toMatchObject({ code: 'SERVICE_BUSY' });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      // Sign-in waits for a slot but overtakes every queued hash.
      let signedInAt = 0; // when the sign-in answered
      const signIn = login(account.user.email, TEST_PASSWORD).then((response) => ((signedInAt = performance.now()), response));
      await new Promise((resolve) => setTimeout(resolve, 50)); // the login reaches the queue
      release();
      await Promise.all(running);
      await Promise.all(waiting);
      const signedInBeforeTheHashes = signedInAt > 0;
      expect((await signIn).status).toBe(200);
      expect(signedInBeforeTheHashes).toBe(true);
      // The refused request did not use the token up.
      await http().post('/api/auth/resetPassword').set(from('192.0.2.10')).send({ resetToken, newPassword: 'Brand-New-Kettle-9' }).expect(200);
    });
  });

  describe('email addresses', () => {
    it.each(['a<victim@x.com>', 'victim@x.com,', 'g:victim@x.com;', 'Victim <victim@x.com>'])('refuses %s at registration', async (email) => {
      const response = await register(email).expect(400);
      expect(response.body.message).toBe('Please enter a valid email address');
    });

    it('sends a known address at most one "someone tried to register" notice an hour', async () => {
      const account = await createAccount(app);
      await register(account.user.email).expect(201);
      await register(account.user.email).expect(201);
      await register(account.user.email).expect(201);
      await http().post('/api/auth/requestPasswordReset').send({ email: account.user.email }).expect(200);
      // The notice and the reset link arrive; once the mail queue is idle, any further notice would have too.
      await waitForMails(account.user.email, 2);
      await queuesIdle(app, [QUEUES.mail]);
      const mails = await mailsTo(account.user.email);
      expect(mails.filter((mail) => mail.subject === 'Someone tried to register with your email')).toHaveLength(1);
      expect(mails.some((mail) => mail.subject !== 'Someone tried to register with your email')).toBe(true);
    });
  });

  describe('codes', () => {
    const wrongFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
    const verify = (email: string, code: string) => http().post('/api/auth/verifyEmail').send({ email, emailVerificationCode: code });

    it('answers verifyEmail identically for unknown, verified and unverified addresses', async () => {
      const unknown = uniqueAddress('unknown');
      const verified = (await createAccount(app)).user.email;
      const unverified = uniqueAddress('unverified');
      await register(unverified).expect(201);
      const code = codeIn((await waitForMails(unverified))[0]);
      const answers = async (email: string) => {
        const out: unknown[] = [];
        for (let i = 0; i < 6; i++) {
          const response = await verify(email, wrongFor(code));
          out.push([response.status, response.body]);
        }
        return out;
      };
      const expected = await answers(unknown);
      expect(expected.at(-1)).toEqual([400, { message: 'Too many attempts. Please request a new code.', code: 'CODE_ATTEMPTS_EXCEEDED' }]);
      expect(await answers(verified)).toEqual(expected);
      expect(await answers(unverified)).toEqual(expected);
    });

    it('stores codes under a key derived from the JWT secret (HKDF "codes"), not the secret itself', async () => {
      const email = uniqueAddress('hkdf');
      await register(email).expect(201);
      const code = codeIn((await waitForMails(email))[0])!;
      const [row] = await db(app).select().from(verificationCodes).innerJoin(users, eq(users.id, verificationCodes.userId)).where(eq(users.email, email));
      const userId = row!.users.id;
      const derived = Buffer.from(hkdfSync('sha256', JWT_SECRET, Buffer.alloc(0), 'codes', 32));
      expect(row!.verification_codes.codeHash).toBe(createHmac('sha256', derived).update(`${userId}:${code}`).digest('hex'));
      expect(row!.verification_codes.codeHash).not.toBe(createHmac('sha256', JWT_SECRET).update(`${userId}:${code}`).digest('hex'));
    });

    it('caps wrong codes per account per day, across fresh codes', async () => {
      const email = uniqueAddress('daily');
      await register(email).expect(201);
      await waitForMails(email);
      for (let round = 1; round <= 4; round++) {
        for (let i = 0; i < 5; i++) await verify(email, '999999').expect(400);
        await resetLimits(redis); // the resend cooldown and the per-10-minute limit have passed
        await http().post('/api/auth/resendCode').send({ email }).expect(200);
      }
      const live = codeIn(newest(await waitForMails(email, 5)))!;
      const capped = await verify(email, live).expect(429);
      expect(capped.body.code).toBe('RATE_LIMITED');
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3600);
    });

    it('caps wrong two-factor codes per account per day', async () => {
      const account = await createAccount(app, { twoFactor: true });
      for (let round = 1; round <= 4; round++) {
        await resetLimits(redis);
        await login(account.user.email, TEST_PASSWORD).expect(200);
        for (let i = 0; i < 5; i++) await http().post('/api/auth/verify2FA').send({ userId: account.user.id, twoFAToken: '999999' }).expect(400);
      }
      await resetLimits(redis);
      await login(account.user.email, TEST_PASSWORD).expect(200);
      const live = codeIn(newest(await waitForMails(account.user.email, 5)))!;
      await http().post('/api/auth/verify2FA').send({ userId: account.user.id, twoFAToken: live }).expect(429);
    });
  });

  describe('two-factor policy', () => {
    const withPolicy = async (policy: TwoFactorPolicy, work: () => Promise<void>) => {
      // The app's own config object: the policy is read at each sign-in.
      const before = config.auth.twoFactorPolicy;
      app.get<AppConfig>(APP_CONFIG).auth.twoFactorPolicy = policy;
      try {
        await work();
      } finally {
        app.get<AppConfig>(APP_CONFIG).auth.twoFactorPolicy = before;
      }
    };
    const expectCodeAsked = async (email: string, userId: string) => {
      const response = await login(email, TEST_PASSWORD).expect(200);
      expect(response.body).toEqual({ twoFactorRequired: true, userId, message: 'A verification code has been sent to your email.' });
      expect(codeIn((await waitForMails(email))[0])).toMatch(/^\d{6}$/);
    };

    it('optional: only users who turned it on', async () => {
      await withPolicy('optional', async () => {
        const admin = await createAccount(app, { role: 'admin' });
        expect((await login(admin.user.email, TEST_PASSWORD).expect(200)).body.token).toBeDefined();
      });
    });

    it('staff: admins and tutors always get a code, students sign straight in', async () => {
      await withPolicy('staff', async () => {
        const admin = await createAccount(app, { role: 'admin' });
        const tutor = await createAccount(app, { role: 'tutor' });
        const student = await createAccount(app, { role: 'student' });
        await expectCodeAsked(admin.user.email, admin.user.id);
        await expectCodeAsked(tutor.user.email, tutor.user.id);
        expect((await login(student.user.email, TEST_PASSWORD).expect(200)).body.token).toBeDefined();
        // The policy's second factor cannot be turned off.
        const off = await http().put('/api/auth/two-factor').set(bearer(tutor.token)).send({ enabled: false, password: TEST_PASSWORD }).expect(422);
        expect(off.body.code).toBe('TWO_FACTOR_REQUIRED');
      });
    });

    it('required: everyone gets a code', async () => {
      await withPolicy('required', async () => {
        const student = await createAccount(app, { role: 'student' });
        await expectCodeAsked(student.user.email, student.user.id);
      });
    });
  });

  it('turning two-factor off asks for the password again', async () => {
    const account = await createAccount(app, { twoFactor: true });
    const missing = await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: false }).expect(400);
    expect(missing.body.message).toBe('Please enter your password to turn off two-factor sign-in');
    const wrong = await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: false, password: 'Wrong-Password-1' }).expect(403);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const [still] = await db(app).select().from(users).where(eq(users.id, account.user.id));
    expect(still!.twoFactorEnabled).toBe(true);
    const off = await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: false, password: TEST_PASSWORD }).expect(200);
    expect(off.body.user.twoFactorEnabled).toBe(false);
    // Turning it on needs no password.
    await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: true }).expect(200);
  });

  describe('sign-in links', () => {
    it('shows whose link it is, exchanges it once, and lives two minutes', async () => {
      const account = await createAccount(app);
      const created = await http().post('/api/auth/signInLink').set(bearer(account.token)).expect(201);
      expect(created.body).toMatchObject({ expiresInSeconds: 120, url: expect.stringContaining(`/login?signInCode=${created.body.signInCode}`) });
      const keys = await redis.keys('redpen:auth:sign-in-link:*');
      const ttls = await Promise.all(keys.map((key) => redis.ttl(key)));
      expect(ttls.length).toBeGreaterThan(0);
      expect(Math.max(...ttls)).toBeLessThanOrEqual(120);
      expect(Math.min(...ttls)).toBeGreaterThan(0);

      const { signInCode } = created.body;
      const preview = await http().post('/api/auth/signInLink/preview').send({ signInCode }).expect(200);
      expect(preview.body).toEqual({ name: account.user.name, email: account.user.email });
      const exchanged = await http().post('/api/auth/signInLink/exchange').send({ signInCode }).expect(200);
      expect(exchanged.body.user.id).toBe(account.user.id);
      await http().get('/api/auth/me').set(bearer(exchanged.body.token)).expect(200);
      const again = await http().post('/api/auth/signInLink/exchange').send({ signInCode }).expect(400);
      expect(again.body.code).toBe('SIGN_IN_LINK_INVALID');
      await http().post('/api/auth/signInLink/preview').send({ signInCode }).expect(400);
      await http().post('/api/auth/signInLink/exchange').send({ signInCode: 'made-up' }).expect(400);
    });
  });
});
