import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { AppConfig } from '../src/config/env.schema.js';
import { passwordResetTokens, users, verificationCodes } from '../src/infra/database/schema/index.js';
import { bearer, createAccount, db, resetLimits, setBanned, TEST_PASSWORD } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { uniqueAddress, waitForMails, type CaughtMail } from './support/mail-catcher.js';

const REGISTERED = 'Registration successful. Please check your email for the verification code.';
const codeIn = (mail: CaughtMail | undefined) => /code is: (\d{6})/.exec(mail?.text ?? '')?.[1];
const tokenIn = (mail: CaughtMail | undefined) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];

describe('auth', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let redis: Redis;
  const http = () => request(app.getHttpServer());
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Jane Doe', email: uniqueAddress('reg'), password: 'Quiet-Harbour-73', role: 'student', phone: '07700900123', ...overrides,
  });
  const register = async (body = valid()) => {
    await http().post('/api/auth/register').send(body).expect(201);
    const [mail] = await waitForMails(body.email);
    return { body, code: codeIn(mail)! };
  };

  beforeAll(async () => {
    ({ app, config } = await bootApp({ WEB_ORIGIN: 'http://web.test' }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(() => resetLimits(redis));

  describe('register validation', () => {
    it.each([
      ['name', 'Name is required'],
      ['email', 'Email is required'],
      ['password', 'Password is required'],
      ['role', 'Role is required'],
      ['phone', 'Phone is required'],
    ])('requires %s', async (field, message) => {
      const body: Record<string, unknown> = valid();
      delete body[field];
      const response = await http().post('/api/auth/register').send(body).expect(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors[0]).toEqual({ field, message });
    });

    it.each([
      ['Ab1!', 'Password must be at least 8 characters long'],
      ['lowercase-only-1', 'Must contain at least one uppercase letter'],
      ['UPPERCASE-ONLY-1', 'Must contain at least one lowercase letter'],
      ['No-Numbers-Here', 'Must contain at least one number'],
      ['NoSpecials123', 'Must contain at least one special character'],
      ['Password123!', 'This password is too common. Please choose another.'],
      ['Welcome1!', 'This password is too common. Please choose another.'],
    ])('refuses password %s', async (password, message) => {
      const response = await http().post('/api/auth/register').send(valid({ password })).expect(400);
      expect(response.body.message).toBe(message);
    });

    it('refuses an invalid email and an unknown role', async () => {
      expect((await http().post('/api/auth/register').send(valid({ email: 'jane@nowhere' })).expect(400)).body.message).toBe('Please enter a valid email address');
      expect((await http().post('/api/auth/register').send(valid({ role: 'admin' })).expect(400)).body.message).toBe('Role must be student or tutor');
    });
  });

  it('register → code from the catcher → verify → login', async () => {
    const body = valid({ email: uniqueAddress('Flow').replace('Flow', 'FLOW') });
    const response = await http().post('/api/auth/register').send(body).expect(201);
    expect(response.body).toEqual({ message: REGISTERED, email: body.email.toLowerCase() });
    const [mail] = await waitForMails(body.email);
    expect(mail?.subject).toBe('Your Redpen verification code');
    const code = codeIn(mail)!;
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await db(app).select().from(verificationCodes).innerJoin(users, eq(users.id, verificationCodes.userId)).where(eq(users.email, body.email.toLowerCase()));
    expect(stored!.verification_codes.codeHash).not.toContain(code);

    // Not verified yet: the right password is told to verify.
    expect((await http().post('/api/auth/login').send({ email: body.email, password: body.password }).expect(403)).body.message).toBe('Please verify your email before signing in.');

    const verified = await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: code }).expect(200);
    expect(verified.body.user).toMatchObject({ email: body.email.toLowerCase(), role: 'student', onboardingCompleted: false, emailVerified: true, twoFactorEnabled: false });
    expect(verified.body.user._id).toBe(verified.body.user.id);
    const claims = JSON.parse(Buffer.from(verified.body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ userId: verified.body.user.id, role: 'student', onboardingCompleted: false });
    expect(claims.jti).toBeDefined();
    expect(JSON.parse(Buffer.from(verified.body.token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');

    // The code is single use.
    await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: code }).expect(400);

    const login = await http().post('/api/auth/login').send({ email: body.email, password: body.password }).expect(200);
    expect(login.body.user.email).toBe(body.email.toLowerCase());
    const me = await http().get('/api/auth/me').set(bearer(login.body.token)).expect(200);
    expect(me.body.user.id).toBe(login.body.user.id);
    expect((await http().get('/api/auth/checkProfiles').set(bearer(login.body.token)).expect(200)).body).toEqual({ student: true, tutor: false });
  });

  it('answers an already-registered email the same way and emails the owner a notice', async () => {
    const account = await createAccount(app);
    const response = await http().post('/api/auth/register').send(valid({ email: account.user.email.toUpperCase() })).expect(201);
    expect(response.body).toEqual({ message: REGISTERED, email: account.user.email });
    const [mail] = await waitForMails(account.user.email);
    expect(mail?.subject).toBe('Someone tried to register with your email');
    const [row] = await db(app).select().from(users).where(eq(users.id, account.user.id));
    expect(row!.passwordHash).toBe(account.user.passwordHash);
  });

  it('refuses a wrong code, and kills the code after 5 wrong tries', async () => {
    const { body, code } = await register();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: wrong }).expect(400);
      expect(r.body.message).toBe('Invalid or expired verification code');
    }
    expect((await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: wrong }).expect(400)).body.message).toBe('Too many attempts. Please request a new code.');
    expect((await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: code }).expect(400)).body.message).toBe('Too many attempts. Please request a new code.');
  });

  it('refuses an expired code', async () => {
    const { body, code } = await register();
    const [user] = await db(app).select().from(users).where(eq(users.email, body.email));
    await db(app).update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, user!.id));
    expect((await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: code }).expect(400)).body.message).toBe('Invalid or expired verification code');
  });

  it('resendCode honours the 60 s cooldown, then sends a new working code', async () => {
    const registeredBy = Date.now();
    const { body, code } = await register();
    const early = await http().post('/api/auth/resendCode').send({ email: body.email }).expect(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    // The cooldown is Redis's 60 s from the registration's code: what is left is 60 s less the time since, however
    // long a busy machine took to get here (the bound is taken from the clock, not assumed).
    const left = Number(/\d+/.exec(early.body.message)![0]);
    expect(left).toBeLessThanOrEqual(60);
    expect(left).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - registeredBy) / 1000) - 1);
    // Unknown emails are throttled the same way (no enumeration).
    const unknown = uniqueAddress('nobody');
    await http().post('/api/auth/resendCode').send({ email: unknown }).expect(200);
    await http().post('/api/auth/resendCode').send({ email: unknown }).expect(429);

    await resetLimits(redis); // the cooldown has passed
    expect((await http().post('/api/auth/resendCode').send({ email: body.email }).expect(200)).body.message).toBe('A new verification code has been sent to your email.');
    const mails = await waitForMails(body.email, 2);
    const fresh = codeIn(mails.find((m) => codeIn(m) !== code) ?? mails[0]);
    if (fresh !== code) await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: code }).expect(400);
    await http().post('/api/auth/verifyEmail').send({ email: body.email, emailVerificationCode: fresh }).expect(200);
  });

  describe('login', () => {
    it('gives the same 401 for a wrong password and an unknown email', async () => {
      const account = await createAccount(app);
      const wrong = await http().post('/api/auth/login').send({ email: account.user.email, password: 'Wrong-Password-1' }).expect(401);
      const unknown = await http().post('/api/auth/login').send({ email: uniqueAddress('ghost'), password: 'Wrong-Password-1' }).expect(401);
      expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('requires both fields', async () => {
      expect((await http().post('/api/auth/login').send({ email: '', password: 'x' }).expect(400)).body.message).toBe('Please fill in all fields');
    });

    it('refuses a banned user at login and on an existing token', async () => {
      const account = await createAccount(app);
      await http().get('/api/auth/me').set(bearer(account.token)).expect(200);
      await setBanned(app, account.user.id, true);
      expect((await http().get('/api/auth/me').set(bearer(account.token)).expect(403)).body.message).toBe('Your account has been banned.');
      const login = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(403);
      expect(login.body.message).toContain('banned');
    });

    it('slows repeated failures on one account with 429 and Retry-After', async () => {
      const account = await createAccount(app);
      for (let i = 0; i < 5; i++) await http().post('/api/auth/login').send({ email: account.user.email, password: 'Wrong-Password-1' }).expect(401);
      const limited = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(429);
      expect(limited.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });
  });

  describe('tokens', () => {
    it('refuses no token, a garbage token, another algorithm and a forged signature', async () => {
      const account = await createAccount(app);
      await http().get('/api/auth/me').expect(401);
      await http().get('/api/auth/me').set(bearer('not.a.token')).expect(401);
      const [, payload] = account.token.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      await http().get('/api/auth/me').set(bearer(none)).expect(401);
      await http().get('/api/auth/me').set(bearer(`${account.token.slice(0, -3)}abc`)).expect(401);
    });

    it('reads the bearer scheme in any case, refuses other schemes, and refuses an expired token', async () => {
      const account = await createAccount(app);
      await http().get('/api/auth/me').set('authorization', `bearer ${account.token}`).expect(200);
      await http().get('/api/auth/me').set('authorization', `BEARER  ${account.token}`).expect(200);
      await http().get('/api/auth/me').set('authorization', `Basic ${account.token}`).expect(401);
      await http().get('/api/auth/me').set('authorization', account.token).expect(401);
      // Signed with the app's own secret for a live session, but past its exp.
      const [, payload] = account.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const jwt = app.get(JwtService);
      const expired = await jwt.signAsync({ ...claims, iat: Math.floor(Date.now() / 1000) - 120, exp: Math.floor(Date.now() / 1000) - 1 }, { secret: config.auth.jwtSecret, algorithm: 'HS256' });
      const refused = await http().get('/api/auth/me').set(bearer(expired)).expect(401);
      expect(refused.body.code).toBe('UNAUTHENTICATED');
      await http().get('/api/auth/me').set(bearer(account.token)).expect(200);
    });

    it('logout revokes that token only', async () => {
      const account = await createAccount(app);
      const login = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(200);
      await http().post('/api/auth/logout').set(bearer(account.token)).expect(204);
      await http().get('/api/auth/me').set(bearer(account.token)).expect(401);
      await http().get('/api/auth/me').set(bearer(login.body.token)).expect(200);
    });
  });

  describe('password reset', () => {
    const RESET_SENT = 'If an account exists for that email, we have sent a password reset link.';

    it('answers the same for unknown emails, then resets once and signs out every token', async () => {
      const unknown = await http().post('/api/auth/requestPasswordReset').send({ email: uniqueAddress('nobody') }).expect(200);
      expect(unknown.body).toEqual({ message: RESET_SENT });

      const account = await createAccount(app);
      const known = await http().post('/api/auth/requestPasswordReset').send({ email: account.user.email }).expect(200);
      expect(known.body).toEqual(unknown.body);
      const [mail] = await waitForMails(account.user.email);
      expect(mail?.text).toContain('http://web.test/reset-password/');
      const resetToken = tokenIn(mail)!;
      const [stored] = await db(app).select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.user.id));
      expect(stored!.tokenHash).not.toBe(resetToken);

      const weak = await http().post('/api/auth/resetPassword').send({ resetToken, newPassword: 'short' }).expect(400);
      expect(weak.body.message).toBe('Password must be at least 8 characters long');
      const done = await http().post('/api/auth/resetPassword').send({ resetToken, newPassword: 'Brand-New-Kettle-9' }).expect(200);
      expect(done.body).toEqual({ message: 'Password reset successful. Please log in.' });
      await http().get('/api/auth/me').set(bearer(account.token)).expect(401);
      const again = await http().post('/api/auth/resetPassword').send({ resetToken, newPassword: 'Another-Kettle-9' }).expect(400);
      expect(again.body.message).toBe('Invalid or expired reset link');
      await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(401);
      await http().post('/api/auth/login').send({ email: account.user.email, password: 'Brand-New-Kettle-9' }).expect(200);
    });

    it('refuses an expired link', async () => {
      const account = await createAccount(app);
      await http().post('/api/auth/requestPasswordReset').send({ email: account.user.email }).expect(200);
      const resetToken = tokenIn((await waitForMails(account.user.email))[0])!;
      await db(app).update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, account.user.id));
      expect((await http().post('/api/auth/resetPassword').send({ resetToken, newPassword: 'Brand-New-Kettle-9' }).expect(400)).body.message).toBe('Invalid or expired reset link');
    });
  });

  describe('two-factor', () => {
    it('turns 2FA on, then signs in through an emailed code', async () => {
      const account = await createAccount(app);
      const enabled = await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: true }).expect(200);
      expect(enabled.body.user.twoFactorEnabled).toBe(true);

      const first = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(200);
      expect(first.body).toEqual({ twoFactorRequired: true, userId: account.user.id, message: 'A verification code has been sent to your email.' });
      const [mail] = await waitForMails(account.user.email);
      expect(mail?.subject).toBe('Your Redpen sign-in code');
      const code = codeIn(mail)!;

      expect((await http().post('/api/auth/resend2FA').send({ email: account.user.email }).expect(429)).body.message).toMatch(/^Please wait \d+ seconds/);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await http().post('/api/auth/verify2FA').send({ userId: account.user.id, twoFAToken: wrong }).expect(400)).body.message).toBe('Invalid or expired verification code');
      const signedIn = await http().post('/api/auth/verify2FA').send({ userId: account.user.id, twoFAToken: code }).expect(200);
      expect(signedIn.body.user.id).toBe(account.user.id);
      await http().get('/api/auth/me').set(bearer(signedIn.body.token)).expect(200);
      await http().post('/api/auth/verify2FA').send({ userId: account.user.id, twoFAToken: code }).expect(400);
    });
  });
});
