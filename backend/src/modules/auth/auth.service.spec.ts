import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, ForbiddenException, Logger, UnauthorizedException } from '@nestjs/common';
import type { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { UserRow } from '../users/users.service.js';
import type { VerificationCodeRow } from './auth.schema.js';
import type { MailService } from '../../infra/mail/mail.service.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthThrottle } from './auth-throttle.service.js';
import type { AuthTokens } from './auth-tokens.service.js';
import type { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';

// Layer 1: AuthService alone. Its collaborators are plain fakes; the password hasher is the real argon2 one,
// wrapped so the tests can see which hash each verification ran against.
const realHasher = await import('../../common/security/password-hasher.js');
const verifyCalls: { hash: string; password: string }[] = [];
jest.unstable_mockModule('../../common/security/password-hasher.js', () => ({
  ...realHasher,
  verifyPassword: async (hash: string, password: string) => {
    verifyCalls.push({ hash, password });
    return realHasher.verifyPassword(hash, password);
  },
}));
const { AuthService, MESSAGES, AUTH_LIMITS } = await import('./auth.service.js');
const { CODE_MAX_ATTEMPTS, CODE_TTL_MS, hashResetToken } = await import('./one-time-secrets.js');
const { hashPassword, verifyPassword } = realHasher;

const PASSWORD = 'Correct-Horse-9';
const USER_ID = '11111111-2222-4333-8444-555555555555';
const START = new Date('2030-01-01T10:00:00Z');
let passwordHash: string;

beforeAll(async () => {
  Logger.overrideLogger(false);
  passwordHash = await hashPassword(PASSWORD);
});

function user(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: USER_ID,
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: null,
    passwordHash,
    role: 'student',
    emailVerified: true,
    onboardingCompleted: false,
    banned: false,
    twoFactorEnabled: false,
    createdAt: START,
    updatedAt: START,
    ...overrides,
  };
}

type Mail = { to: string; template: string; data: Record<string, unknown> };

function setup(users: UserRow[] = []) {
  let now = START;
  const clock = { now: () => now } as Clock;
  const codes = new Map<string, VerificationCodeRow>();
  const repository = {
    findUserByEmail: jest.fn(async (email: string) => users.find((u) => u.email.toLowerCase() === email.toLowerCase())),
    findUserById: jest.fn(async (id: string) => users.find((u) => u.id === id)),
    updateUser: jest.fn(async (id: string, values: Partial<UserRow>) => {
      const found = users.find((u) => u.id === id);
      return found && Object.assign(found, values);
    }),
    upsertCode: jest.fn(async (userId: string, purpose: VerificationCodeRow['purpose'], codeHash: string, expiresAt: Date) => {
      codes.set(`${userId}:${purpose}`, { id: `code-${userId}-${purpose}`, userId, purpose, codeHash, expiresAt, attempts: 0, createdAt: now });
    }),
    findCode: jest.fn(async (userId: string, purpose: VerificationCodeRow['purpose']) => codes.get(`${userId}:${purpose}`)),
    recordWrongAttempt: jest.fn(async (codeId: string, max: number) => {
      const row = [...codes.values()].find((c) => c.id === codeId);
      if (!row || row.attempts >= max) return undefined;
      row.attempts++;
      return row.attempts;
    }),
    consumeCode: jest.fn(async (codeId: string, max: number) => {
      const entry = [...codes.entries()].find(([, c]) => c.id === codeId && c.attempts < max);
      if (!entry) return false;
      codes.delete(entry[0]);
      return true;
    }),
    replaceResetToken: jest.fn(async (_userId: string, _tokenHash: string, _expiresAt: Date) => undefined),
    useResetToken: jest.fn(async (_tokenHash: string, _now: Date): Promise<string | undefined> => undefined),
    findLiveResetToken: jest.fn(async (_tokenHash: string, _now: Date): Promise<{ userId: string } | undefined> => undefined),
  };
  const tokens = {
    issue: jest.fn(async (u: Pick<UserRow, 'id'>) => `token-for-${u.id}`),
    revoke: jest.fn(async (_sessionId: string, _userId: string) => undefined),
    revokeAll: jest.fn(async (_userId: string, _reason: string, _except?: string) => undefined),
  };
  const sent: Mail[] = [];
  const mail = { send: jest.fn(async (m: Mail) => void sent.push(m)) };
  const rateLimit = { consume: jest.fn(async (_rule: unknown, _key: string) => undefined) };
  // The Redis counters, in memory: wrong tries per subject; sign-in throttling is tested end to end.
  const tries = new Map<string, number>();
  const throttle = {
    assertSignInAllowed: jest.fn(async (_email: string, _ip: string) => undefined),
    recordSignInFailure: jest.fn(async (_email: string, _ip: string) => undefined),
    recordSignInSuccess: jest.fn(async (_email: string, _ip: string) => undefined),
    assertCodeDailyCap: jest.fn(async (_purpose: string, _subject: string) => undefined),
    recordWrongCode: jest.fn(async (purpose: string, subject: string) => {
      tries.set(`${purpose}:${subject}`, (tries.get(`${purpose}:${subject}`) ?? 0) + 1);
      return tries.get(`${purpose}:${subject}`)!;
    }),
    codeTries: jest.fn(async (purpose: string, subject: string) => tries.get(`${purpose}:${subject}`) ?? 0),
    resetCodeTries: jest.fn(async (purpose: string, subject: string) => void tries.delete(`${purpose}:${subject}`)),
    startCooldown: jest.fn(async (_purpose: string, _email: string, _options?: unknown) => true),
    claimRegistrationNotice: jest.fn(async (_email: string) => true),
    putOnce: jest.fn(async (..._args: unknown[]) => undefined),
    peek: jest.fn(async (..._args: unknown[]): Promise<string | null> => null),
  };
  const config = { webOrigin: 'https://redpen.test', auth: { jwtSecret: 'unit-test-secret', jwtTtlSeconds: 3600, twoFactorPolicy: 'optional' } } as AppConfig;
  const service = new AuthService(
    config,
    repository as unknown as AuthRepository,
    // The real UsersService (the only writer of users) over the same fakes.
    new UsersService({
      findByEmail: (email: string) => repository.findUserByEmail(email),
      findById: (id: string) => repository.findUserById(id),
      insert: jest.fn(async (_values: unknown): Promise<UserRow | undefined> => undefined),
      update: (id: string, values: Partial<UserRow>) => repository.updateUser(id, values),
    } as unknown as UsersRepository),
    tokens as unknown as AuthTokens,
    mail as unknown as MailService,
    rateLimit as unknown as RateLimitService,
    throttle as unknown as AuthThrottle,
    clock,
  );
  return { service, repository, tokens, mail, sent, rateLimit, throttle, codes, advance: (ms: number) => void (now = new Date(now.getTime() + ms)) };
}

/** The rejection of `promise`, so a test can check both its class and its exact message. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, got success');
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('AuthService.login', () => {
  it('signs a verified user without 2FA straight in', async () => {
    const { service, tokens, rateLimit, throttle } = setup([user()]);
    const result = await service.login('JANE@example.com', PASSWORD, '1.2.3.4');
    expect(result).toEqual({ token: `token-for-${USER_ID}`, user: expect.objectContaining({ id: USER_ID, _id: USER_ID, email: 'jane@example.com' }) });
    expect(tokens.issue).toHaveBeenCalledTimes(1);
    expect(rateLimit.consume).toHaveBeenCalledWith(AUTH_LIMITS.loginIp, '1.2.3.4');
    expect(throttle.assertSignInAllowed).toHaveBeenCalledWith('JANE@example.com', '1.2.3.4');
    expect(throttle.recordSignInSuccess).toHaveBeenCalledWith('JANE@example.com', '1.2.3.4');
    expect(throttle.recordSignInFailure).not.toHaveBeenCalled();
  });

  it('answers an unknown email with the same 401 as a wrong password, after verifying against a dummy hash', async () => {
    const { service, tokens } = setup([user()]);
    verifyCalls.length = 0;
    const unknown = await failure(service.login('nobody@example.com', PASSWORD, 'ip'));
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]!.hash).toMatch(/^\$argon2id\$/);
    expect(verifyCalls[0]!.hash).not.toBe(passwordHash);
    expect(verifyCalls[0]!.password).toBe(PASSWORD);

    const wrong = await failure(service.login('jane@example.com', 'Wrong-Password-1', 'ip'));
    expect(verifyCalls).toHaveLength(2);
    expect(verifyCalls[1]!.hash).toBe(passwordHash);

    for (const error of [unknown, wrong]) {
      expect(error).toBeInstanceOf(UnauthorizedException);
      expect(error.message).toBe(MESSAGES.invalidLogin);
    }
    expect(unknown.message).toBe('Invalid email or password');
    expect((unknown as UnauthorizedException).getResponse()).toEqual((wrong as UnauthorizedException).getResponse());
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('refuses a banned user with 403 and the banned message', async () => {
    const { service, tokens } = setup([user({ banned: true })]);
    const error = await failure(service.login('jane@example.com', PASSWORD, 'ip'));
    expect(error).toBeInstanceOf(ForbiddenException);
    expect(error.message).toBe('Your account has been banned.');
    expect(error.message).toContain('banned');
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('gives a banned user with a wrong password the plain 401, not the ban', async () => {
    const { service } = setup([user({ banned: true })]);
    const error = await failure(service.login('jane@example.com', 'Wrong-Password-1', 'ip'));
    expect(error).toBeInstanceOf(UnauthorizedException);
  });

  it('refuses an unverified user with 403', async () => {
    const { service, tokens } = setup([user({ emailVerified: false })]);
    const error = await failure(service.login('jane@example.com', PASSWORD, 'ip'));
    expect(error).toBeInstanceOf(ForbiddenException);
    expect(error.message).toBe('Please verify your email before signing in.');
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('asks a 2FA user for a code and emails one instead of issuing a token', async () => {
    const { service, tokens, sent, repository } = setup([user({ twoFactorEnabled: true })]);
    const result = await service.login('jane@example.com', PASSWORD, 'ip');
    expect(result).toEqual({ twoFactorRequired: true, userId: USER_ID, message: MESSAGES.twoFactorSent });
    expect(tokens.issue).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'jane@example.com', template: 'auth.two-factor-code', data: { name: 'Jane Doe', minutes: 10 } });
    expect(sent[0]!.data.code).toMatch(/^\d{6}$/);
    const [userId, purpose, codeHash, expiresAt] = repository.upsertCode.mock.calls[0]!;
    expect([userId, purpose]).toEqual([USER_ID, 'two_factor']);
    expect(codeHash).not.toContain(String(sent[0]!.data.code)); // only a keyed hash is stored
    expect(expiresAt).toEqual(new Date(START.getTime() + CODE_TTL_MS));
  });
});

describe('AuthService.verifyEmail', () => {
  async function withCode(overrides: Partial<UserRow>) {
    const ctx = setup([user({ emailVerified: false, ...overrides })]);
    await ctx.service.resendCode('jane@example.com', 'ip');
    return { ...ctx, code: String(ctx.sent.at(-1)!.data.code) };
  }

  it('marks the address verified, uses the code up and signs in', async () => {
    const { service, code, codes, repository } = await withCode({});
    await expect(service.verifyEmail('jane@example.com', code, 'ip')).resolves.toHaveProperty('token', `token-for-${USER_ID}`);
    expect(repository.updateUser).toHaveBeenCalledWith(USER_ID, { emailVerified: true });
    expect(codes.size).toBe(0);
  });

  it('refuses a banned account with 403 and changes nothing: still unverified, the code unused', async () => {
    const { service, code, codes, repository, tokens } = await withCode({ banned: true });
    const error = await failure(service.verifyEmail('jane@example.com', code, 'ip'));
    expect(error).toBeInstanceOf(ForbiddenException);
    expect(error.message).toBe(MESSAGES.banned);
    expect(repository.updateUser).not.toHaveBeenCalled();
    expect(codes.size).toBe(1);
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('gives a banned account with a wrong code the plain "invalid code", not the ban', async () => {
    const { service, code } = await withCode({ banned: true });
    const error = await failure(service.verifyEmail('jane@example.com', code === '000000' ? '111111' : '000000', 'ip'));
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error.message).toBe(MESSAGES.invalidCode);
  });
});

describe('AuthService.verifyTwoFactor', () => {
  async function pending() {
    const ctx = setup([user({ twoFactorEnabled: true })]);
    await ctx.service.login('jane@example.com', PASSWORD, 'ip');
    const code = String(ctx.sent.at(-1)!.data.code);
    const wrong = code === '000000' ? '111111' : '000000';
    return { ...ctx, code, wrong };
  }

  it('accepts the emailed code once and issues a token', async () => {
    const { service, code, tokens, codes } = await pending();
    expect(await service.verifyTwoFactor(USER_ID, code, 'ip')).toEqual({ token: `token-for-${USER_ID}`, user: expect.objectContaining({ id: USER_ID }) });
    expect(tokens.issue).toHaveBeenCalledTimes(1);
    expect(codes.size).toBe(0);
    const again = await failure(service.verifyTwoFactor(USER_ID, code, 'ip'));
    expect(again.message).toBe(MESSAGES.invalidCode);
  });

  it('counts wrong codes; the 5th wrong try is "too many attempts", and then even the right code is refused', async () => {
    const { service, code, wrong, repository, tokens } = await pending();
    for (let attempt = 1; attempt < CODE_MAX_ATTEMPTS; attempt++) {
      const error = await failure(service.verifyTwoFactor(USER_ID, wrong, 'ip'));
      expect(error).toBeInstanceOf(BadRequestException);
      expect(error.message).toBe('Invalid or expired verification code');
      expect(repository.recordWrongAttempt).toHaveBeenCalledTimes(attempt);
    }
    const fifth = await failure(service.verifyTwoFactor(USER_ID, wrong, 'ip'));
    expect(fifth).toBeInstanceOf(BadRequestException);
    expect(fifth.message).toBe('Too many attempts. Please request a new code.');
    expect(repository.recordWrongAttempt).toHaveBeenCalledTimes(CODE_MAX_ATTEMPTS);

    const right = await failure(service.verifyTwoFactor(USER_ID, code, 'ip'));
    expect(right.message).toBe('Too many attempts. Please request a new code.');
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('refuses the right code once it has expired', async () => {
    const { service, code, advance, tokens } = await pending();
    advance(CODE_TTL_MS);
    const error = await failure(service.verifyTwoFactor(USER_ID, code, 'ip'));
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error.message).toBe(MESSAGES.invalidCode);
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('still accepts the right code just before it expires', async () => {
    const { service, code, advance } = await pending();
    advance(CODE_TTL_MS - 1);
    await expect(service.verifyTwoFactor(USER_ID, code, 'ip')).resolves.toHaveProperty('token');
  });

  it('refuses a user banned while the code was pending with 403, leaving the code unused', async () => {
    const { service, code, codes, tokens, repository } = await pending();
    await repository.updateUser(USER_ID, { banned: true });
    const error = await failure(service.verifyTwoFactor(USER_ID, code, 'ip'));
    expect(error).toBeInstanceOf(ForbiddenException);
    expect(error.message).toBe(MESSAGES.banned);
    expect(codes.size).toBe(1);
    expect(tokens.issue).not.toHaveBeenCalled();
  });

  it('refuses a user id that is not a UUID without looking anything up', async () => {
    const { service, repository } = await pending();
    const error = await failure(service.verifyTwoFactor('not-a-uuid', '123456', 'ip'));
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error.message).toBe(MESSAGES.invalidCode);
    expect(repository.findUserById).not.toHaveBeenCalled();
  });
});

describe('AuthService password reset', () => {
  it('answers the same message for known and unknown emails, and only mails the known one', async () => {
    const { service, sent, repository } = setup([user()]);
    const known = await service.requestPasswordReset('jane@example.com', 'ip');
    const unknown = await service.requestPasswordReset('nobody@example.com', 'ip');
    expect(known).toEqual({ message: 'If an account exists for that email, we have sent a password reset link.' });
    expect(unknown).toEqual(known);
    await flush();
    expect(repository.replaceResetToken).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'jane@example.com', template: 'auth.password-reset' });
    const link = String(sent[0]!.data.link);
    expect(link.startsWith('https://redpen.test/reset-password/')).toBe(true);
    const token = link.split('/').at(-1)!;
    expect(repository.replaceResetToken.mock.calls[0]![1]).toBe(hashResetToken(token));
  });

  it('refuses a used or unknown token with 400 before hashing anything, and changes nothing', async () => {
    const { service, repository, tokens, rateLimit } = setup([user()]);
    repository.findLiveResetToken.mockResolvedValue(undefined);
    const error = await failure(service.resetPassword('used-or-unknown', 'New-Password-42', 'ip'));
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error.message).toBe('Invalid or expired reset link');
    expect(rateLimit.consume).toHaveBeenCalledWith(AUTH_LIMITS.resetPasswordIp, 'ip');
    expect(repository.findLiveResetToken).toHaveBeenCalledWith(hashResetToken('used-or-unknown'), START);
    expect(repository.useResetToken).not.toHaveBeenCalled();
    expect(repository.updateUser).not.toHaveBeenCalled();
    expect(tokens.revokeAll).not.toHaveBeenCalled();
  });

  it('on success sets the new password, verifies the email and revokes every session', async () => {
    const jane = user({ emailVerified: false });
    const { service, repository, tokens } = setup([jane]);
    repository.findLiveResetToken.mockResolvedValue({ userId: USER_ID });
    repository.useResetToken.mockResolvedValue(USER_ID);
    expect(await service.resetPassword('good-token', 'New-Password-42', 'ip')).toEqual({ message: 'Password reset successful. Please log in.' });
    expect(repository.useResetToken).toHaveBeenCalledWith(hashResetToken('good-token'), START);
    expect(tokens.revokeAll).toHaveBeenCalledWith(USER_ID, 'password_reset');
    expect(jane.emailVerified).toBe(true);
    expect(await verifyPassword(jane.passwordHash, 'New-Password-42')).toBe(true);
    expect(await verifyPassword(jane.passwordHash, PASSWORD)).toBe(false);
  });
});

describe('AuthService.verifyAdminCredentials', () => {
  const admin = (overrides: Partial<UserRow> = {}) => user({ role: 'admin', ...overrides });

  it('is true for a verified, unbanned admin with the right password', async () => {
    const { service, rateLimit } = setup([admin()]);
    expect(await service.verifyAdminCredentials('jane@example.com', PASSWORD, 'ip')).toEqual({ allowed: true });
    expect(rateLimit.consume).toHaveBeenCalledWith(AUTH_LIMITS.loginIp, 'ip');
  });

  it.each([
    // Rows are built inside the test: the password hash only exists once beforeAll has run.
    ['a wrong password', () => admin(), 'Wrong-Password-1'],
    ['a banned admin', () => admin({ banned: true }), PASSWORD],
    ['an unverified admin', () => admin({ emailVerified: false }), PASSWORD],
    ['a tutor', () => user({ role: 'tutor' }), PASSWORD],
    ['a student', () => user({ role: 'student' }), PASSWORD],
  ])('is false for %s', async (_label, row, password) => {
    const { service } = setup([row()]);
    expect(row().passwordHash).toBe(passwordHash);
    expect((await service.verifyAdminCredentials('jane@example.com', password, 'ip')).allowed).toBe(false);
  });

  it('is false for an unknown email, after verifying against a dummy hash', async () => {
    const { service } = setup([admin()]);
    verifyCalls.length = 0;
    expect((await service.verifyAdminCredentials('nobody@example.com', PASSWORD, 'ip')).allowed).toBe(false);
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]!.hash).toMatch(/^\$argon2id\$/);
  });
});
