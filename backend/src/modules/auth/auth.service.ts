import { createHmac } from 'node:crypto';
import { BadRequestException, ForbiddenException, Inject, Injectable, Logger, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit/rate-limit.service.js';
import { hashPassword, verifyPassword } from '../../common/security/password-hasher.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { UserRow } from '../users/users.service.js';
import { MailService } from '../../infra/mail/mail.service.js';
import { AuthRepository, type CodePurpose } from './auth.repository.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { AuthTokens } from './auth-tokens.service.js';
import { UsersService } from '../users/users.service.js';
import type { RegisterDto } from './dto/auth.dto.js';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  deriveKey,
  hashCode,
  hashResetToken,
  newCode,
  newResetToken,
  RESET_TOKEN_TTL_MS,
  sameHash,
} from './one-time-secrets.js';
import { BANNED_MESSAGE, SESSION_ENDED_MESSAGE } from './auth-tokens.service.js';
import { UUID } from '../../common/uuid.js';
import { presentUser, type UserDto } from './user.presenter.js';
import { coded } from '../../common/errors.js';
import { policyDemandsTwoFactor, requiresTwoFactor } from './two-factor-policy.js';

export const MESSAGES = {
  registered: 'Registration successful. Please check your email for the verification code.',
  invalidCode: 'Invalid or expired verification code',
  tooManyAttempts: 'Too many attempts. Please request a new code.',
  invalidLogin: 'Invalid email or password',
  unverified: 'Please verify your email before signing in.',
  banned: BANNED_MESSAGE,
  twoFactorSent: 'A verification code has been sent to your email.',
  codeResent: 'A new verification code has been sent to your email.',
  resetRequested: 'If an account exists for that email, we have sent a password reset link.',
  resetDone: 'Password reset successful. Please log in.',
  invalidReset: 'Invalid or expired reset link',
  wrongPassword: 'Your password is not correct.',
  twoFactorRequired: 'Two-factor sign-in is required for your account and cannot be turned off.',
  opsCodeSent: 'We emailed you a sign-in code. Sign in again with your password, a space, then the 6-digit code.',
  opsSignIn: 'Sign in with an admin account to see the queues.',
} as const;

/**
 * Rate limits (Redis, shared by every instance): per client IP and per account. Sign-in failures per account
 * are counted by AuthThrottle (failures only, never right passwords).
 */
export const AUTH_LIMITS = {
  registerIp: { name: 'auth-register-ip', points: 10, durationSeconds: 3600 },
  loginIp: { name: 'auth-login-ip', points: 20, durationSeconds: 60 },
  verifyIp: { name: 'auth-verify-ip', points: 20, durationSeconds: 600 },
  verifyAccount: { name: 'auth-verify-account', points: 10, durationSeconds: 600 },
  resendIp: { name: 'auth-resend-ip', points: 10, durationSeconds: 600 },
  resetIp: { name: 'auth-reset-ip', points: 10, durationSeconds: 3600 },
  resetPasswordIp: { name: 'auth-reset-password-ip', points: 10, durationSeconds: 900 },
  resetAccount: { name: 'auth-reset-account', points: 3, durationSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** How long Bull Board remembers a completed sign-in (the browser resends the same Basic header while polling). */
export const OPS_SESSION_SECONDS = 30 * 60;

export type OpsSignIn = { allowed: true } | { allowed: false; message: string };

export type LoginResult = { token: string; user: UserDto } | { twoFactorRequired: true; userId: string; message: string };

/**
 * Registration, verification, sign-in (with optional emailed second factor) and password reset. No answer,
 * status or (beyond noise) timing tells whether an email is registered: unknown emails take the same path,
 * including an argon2 verification against a dummy hash.
 */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private dummyHash?: Promise<string>;
  private readonly codeKey: Buffer;
  private readonly opsKey: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: AuthRepository,
    private readonly users: UsersService,
    private readonly tokens: AuthTokens,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
  ) {
    this.codeKey = deriveKey(config.auth.jwtSecret, 'codes');
    this.opsKey = deriveKey(config.auth.jwtSecret, 'ops-sessions');
  }

  async register(dto: RegisterDto, ip: string): Promise<{ message: string; email: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.registerIp, ip);
    const passwordHash = await hashPassword(dto.password);
    const created = await this.users.create({ name: dto.name, email: dto.email, phone: dto.phone, passwordHash, role: dto.role });
    await this.throttle.startCooldown('email', dto.email, { enforce: false });
    await this.throttle.resetCodeTries('email', dto.email);
    // A new address gets a code, a known one a notice to its owner: each one query and one enqueued email, so
    // the answer's timing says little about which it was (and both are done before answering, durably).
    if (created) await this.sendCode(created, 'email');
    else await this.noticeRegistrationAttempt(dto.email);
    return { message: MESSAGES.registered, email: dto.email };
  }

  private async noticeRegistrationAttempt(email: string): Promise<void> {
    const existing = await this.users.findByEmail(email);
    // At most one notice an hour per address: registering someone's address repeatedly cannot flood their inbox.
    if (!existing || !(await this.throttle.claimRegistrationNotice(email))) return;
    await this.mail.send({
      to: existing.email,
      template: 'auth.registration-attempt',
      data: { name: existing.name, loginUrl: `${this.config.webOrigin}/login`, resetUrl: `${this.config.webOrigin}/forgot-password` },
    });
  }

  /**
   * Unknown, already verified and unverified addresses get the same answers for the same tries: wrong tries
   * are counted per address (not per row), so "too many attempts" and the daily cap come at the same point
   * whether or not an account is behind the address.
   */
  async verifyEmail(email: string, code: string, ip: string): Promise<{ token: string; user: UserDto }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    await this.rateLimit.consume(AUTH_LIMITS.verifyAccount, `email:${email}`);
    await this.throttle.assertCodeDailyCap('email', email);
    if ((await this.throttle.codeTries('email', email)) >= CODE_MAX_ATTEMPTS) throw new BadRequestException(coded('CODE_ATTEMPTS_EXCEEDED', MESSAGES.tooManyAttempts));
    const user = await this.users.findByEmail(email);
    const row = user && !user.emailVerified ? await this.repository.findCode(user.id, 'email') : undefined;
    const live = row && row.attempts < CODE_MAX_ATTEMPTS && row.expiresAt > this.clock.now();
    if (!user || !row || !live || !sameHash(row.codeHash, hashCode(code, this.codeKey, user.id))) {
      if (row && live) await this.repository.recordWrongAttempt(row.id, CODE_MAX_ATTEMPTS);
      const tries = await this.throttle.recordWrongCode('email', email);
      throw new BadRequestException(tries >= CODE_MAX_ATTEMPTS ? coded('CODE_ATTEMPTS_EXCEEDED', MESSAGES.tooManyAttempts) : coded('CODE_INVALID', MESSAGES.invalidCode));
    }
    // After the code (only its owner learns of the ban) and before using it up: a banned account stays as it was.
    if (user.banned) throw new ForbiddenException(coded('ACCOUNT_BANNED', MESSAGES.banned));
    await this.useUpCode(row.id);
    await this.throttle.resetCodeTries('email', email);
    const verified = await this.users.markEmailVerified(user.id);
    return { token: await this.tokens.issue(verified), user: presentUser(verified) };
  }

  async resendCode(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resendIp, ip);
    await this.throttle.startCooldown('email', email);
    await this.throttle.resetCodeTries('email', email);
    const user = await this.users.findByEmail(email);
    if (user && !user.emailVerified) await this.sendCode(user, 'email');
    return { message: MESSAGES.codeResent };
  }

  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const user = await this.checkCredentials(email, password, ip);
    if (!user) throw new UnauthorizedException(coded('INVALID_CREDENTIALS', MESSAGES.invalidLogin));
    if (user.banned) throw new ForbiddenException(coded('ACCOUNT_BANNED', MESSAGES.banned));
    if (!user.emailVerified) throw new ForbiddenException(coded('EMAIL_NOT_VERIFIED', MESSAGES.unverified));
    if (requiresTwoFactor(user, this.config.auth.twoFactorPolicy)) {
      await this.throttle.startCooldown('two_factor', user.email, { enforce: false });
      await this.sendCode(user, 'two_factor');
      return { twoFactorRequired: true, userId: user.id, message: MESSAGES.twoFactorSent };
    }
    return { token: await this.tokens.issue(user), user: presentUser(user) };
  }

  /**
   * Ops tools (Bull Board) sign in over HTTP Basic with an admin's own email and password: allowed only for a
   * verified, unbanned admin. When the admin needs a second factor (their choice or the policy), a right
   * password alone emails a code, and the password field must then carry "<password> <code>". A completed
   * sign-in is remembered for OPS_SESSION_SECONDS under an HMAC of the credentials (the board polls), and
   * re-checked against the user row on every request. Failures count like sign-in failures.
   */
  async verifyAdminCredentials(email: string, secret: string, ip: string): Promise<OpsSignIn> {
    const refused: OpsSignIn = { allowed: false, message: MESSAGES.opsSignIn };
    const sessionId = createHmac('sha256', this.opsKey).update(`${email.toLowerCase()}\0${secret}`).digest('hex');
    const rememberedId = await this.throttle.peek('ops-session', sessionId);
    if (rememberedId) {
      const user = await this.users.findById(rememberedId);
      return user && this.isActiveAdmin(user) ? { allowed: true } : refused;
    }
    const known = await this.users.findByEmail(email);
    const needsCode = !!known && requiresTwoFactor(known, this.config.auth.twoFactorPolicy);
    const split = needsCode ? /^(.*) (\d{6})$/s.exec(secret) : null;
    const user = await this.checkCredentials(email, split ? split[1]! : secret, ip);
    if (!user || !this.isActiveAdmin(user)) return refused;
    if (needsCode) {
      if (!split) {
        // A browser may resend the bare password: one code a minute at most.
        const fresh = await this.throttle.startCooldown('two_factor', user.email).catch(() => false);
        if (fresh) await this.sendCode(user, 'two_factor');
        return { allowed: false, message: MESSAGES.opsCodeSent };
      }
      try {
        await this.throttle.assertCodeDailyCap('two_factor', user.id);
        await this.useUpCode(await this.checkCode(user.id, 'two_factor', split[2]!));
      } catch {
        return { allowed: false, message: MESSAGES.invalidCode };
      }
    }
    await this.throttle.putOnce('ops-session', sessionId, user.id, OPS_SESSION_SECONDS);
    return { allowed: true };
  }

  private isActiveAdmin(user: UserRow): boolean {
    return user.role === 'admin' && !user.banned && user.emailVerified;
  }

  async verifyTwoFactor(userId: string, code: string, ip: string): Promise<{ token: string; user: UserDto }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    if (!UUID.test(userId)) throw new BadRequestException(coded('CODE_INVALID', MESSAGES.invalidCode));
    await this.rateLimit.consume(AUTH_LIMITS.verifyAccount, `2fa:${userId}`);
    await this.throttle.assertCodeDailyCap('two_factor', userId);
    const user = await this.users.findById(userId);
    if (!user) throw new BadRequestException(coded('CODE_INVALID', MESSAGES.invalidCode));
    const codeId = await this.checkCode(user.id, 'two_factor', code);
    if (user.banned) throw new ForbiddenException(coded('ACCOUNT_BANNED', MESSAGES.banned));
    await this.useUpCode(codeId);
    return { token: await this.tokens.issue(user), user: presentUser(user) };
  }

  /** Sends a fresh sign-in code only while a two-factor sign-in is pending (the password was right). */
  async resendTwoFactor(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resendIp, ip);
    await this.throttle.startCooldown('two_factor', email);
    const user = await this.users.findByEmail(email);
    if (user && requiresTwoFactor(user, this.config.auth.twoFactorPolicy) && !user.banned && (await this.repository.findCode(user.id, 'two_factor'))) {
      await this.sendCode(user, 'two_factor');
    }
    return { message: MESSAGES.twoFactorSent };
  }

  async requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resetIp, ip);
    await this.rateLimit.consume(AUTH_LIMITS.resetAccount, `email:${email}`);
    const user = await this.users.findByEmail(email);
    // The token and the email are prepared after answering, so both paths answer in the same time.
    if (user) void this.sendResetLink(user).catch((error: Error) => this.logger.error(`reset email for ${user.id} failed: ${error.message}`));
    return { message: MESSAGES.resetRequested };
  }

  /**
   * Limited per IP; the token is looked up before any hashing, so a bad token costs one indexed query and no
   * argon2 work. Only a live token's new password is hashed (a full hashing queue answers 503 + Retry-After),
   * then the token is used up by a guarded update (two racing requests: one wins).
   */
  async resetPassword(resetToken: string, newPassword: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resetPasswordIp, ip);
    const tokenHash = hashResetToken(resetToken);
    if (!(await this.repository.findLiveResetToken(tokenHash, this.clock.now()))) {
      throw new BadRequestException(coded('RESET_TOKEN_INVALID', MESSAGES.invalidReset));
    }
    const passwordHash = await hashPassword(newPassword);
    const userId = await this.repository.useResetToken(tokenHash, this.clock.now());
    if (!userId) throw new BadRequestException(coded('RESET_TOKEN_INVALID', MESSAGES.invalidReset));
    // Following the emailed link proves the address, so an unverified account becomes verified.
    await this.users.resetPassword(userId, passwordHash);
    await this.tokens.revokeAll(userId, 'password_reset');
    return { message: MESSAGES.resetDone };
  }

  async logout(sessionId: string, userId: string): Promise<void> {
    await this.tokens.revoke(sessionId, userId);
  }

  /** Sign out everywhere: every session of the user ends, this one included, and their sockets close. */
  async logoutEverywhere(userId: string): Promise<void> {
    await this.tokens.revokeAll(userId, 'logout_everywhere');
  }

  /**
   * Turning the second factor on needs nothing more; turning it off needs the password again (a stolen session
   * alone cannot weaken the account) and is refused while the policy demands it for this user.
   */
  async setTwoFactor(userId: string, sessionId: string, enabled: boolean, password: string | undefined, ip: string): Promise<UserDto> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(coded('SESSION_EXPIRED', SESSION_ENDED_MESSAGE));
    if (!enabled) {
      if (policyDemandsTwoFactor(user, this.config.auth.twoFactorPolicy)) throw new UnprocessableEntityException(coded('TWO_FACTOR_REQUIRED', MESSAGES.twoFactorRequired));
      await this.throttle.assertSignInAllowed(user.email, ip);
      if (!(await verifyPassword(user.passwordHash, password ?? ''))) {
        await this.throttle.recordSignInFailure(user.email, ip);
        throw new ForbiddenException(coded('INVALID_CREDENTIALS', MESSAGES.wrongPassword));
      }
    }
    const changed = await this.users.setTwoFactor(userId, enabled);
    // A change of the second factor ends the account's other sessions (and their sockets): whoever else was signed
    // in signs in again under the new rule. The session that made the change stays.
    if (user.twoFactorEnabled !== enabled) await this.tokens.revokeAll(userId, 'two_factor_changed', sessionId);
    return presentUser(changed);
  }

  // ---- helpers ---------------------------------------------------------------------------------------------

  /**
   * A sign-in attempt (the app's or Bull Board's): limited per IP; per account only by failures (AuthThrottle).
   * The user when the password is right.
   */
  private async checkCredentials(email: string, password: string, ip: string) {
    await this.rateLimit.consume(AUTH_LIMITS.loginIp, ip);
    await this.throttle.assertSignInAllowed(email, ip);
    const user = await this.users.findByEmail(email);
    // Unknown email: still pay for one argon2 verification, so timing does not reveal registration.
    const ok = await verifyPassword(user?.passwordHash ?? (await this.getDummyHash()), password);
    if (!user || !ok) {
      await this.throttle.recordSignInFailure(email, ip);
      return null;
    }
    await this.throttle.recordSignInSuccess(email, ip);
    return user;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    return this.dummyHash;
  }

  private async sendCode(user: UserRow, purpose: CodePurpose): Promise<void> {
    const code = newCode();
    const expiresAt = new Date(this.clock.now().getTime() + CODE_TTL_MS);
    await this.repository.upsertCode(user.id, purpose, hashCode(code, this.codeKey, user.id), expiresAt);
    const data = { name: user.name, code, minutes: CODE_TTL_MS / 60000 };
    if (purpose === 'email') await this.mail.send({ to: user.email, template: 'auth.verification-code', data });
    else await this.mail.send({ to: user.email, template: 'auth.two-factor-code', data });
  }

  /** Checks a code (counting wrong tries) without using it up; returns its id for `useUpCode`. */
  private async checkCode(userId: string, purpose: CodePurpose, code: string): Promise<string> {
    const row = await this.repository.findCode(userId, purpose);
    if (!row) throw new BadRequestException(coded('CODE_INVALID', MESSAGES.invalidCode));
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new BadRequestException(coded('CODE_ATTEMPTS_EXCEEDED', MESSAGES.tooManyAttempts));
    if (row.expiresAt <= this.clock.now()) throw new BadRequestException(coded('CODE_INVALID', MESSAGES.invalidCode));
    if (!sameHash(row.codeHash, hashCode(code, this.codeKey, userId))) {
      await this.throttle.recordWrongCode(purpose, userId);
      const attempts = await this.repository.recordWrongAttempt(row.id, CODE_MAX_ATTEMPTS);
      if (attempts === undefined || attempts >= CODE_MAX_ATTEMPTS) throw new BadRequestException(coded('CODE_ATTEMPTS_EXCEEDED', MESSAGES.tooManyAttempts));
      throw new BadRequestException(coded('CODE_INVALID', MESSAGES.invalidCode));
    }
    return row.id;
  }

  /** Single use: a code checked twice at once is used up by one request only; the other is refused. */
  private async useUpCode(codeId: string): Promise<void> {
    if (!(await this.repository.consumeCode(codeId, CODE_MAX_ATTEMPTS))) throw new BadRequestException(coded('CODE_INVALID', MESSAGES.invalidCode));
  }

  private async sendResetLink(user: UserRow): Promise<void> {
    const token = newResetToken();
    const expiresAt = new Date(this.clock.now().getTime() + RESET_TOKEN_TTL_MS);
    await this.repository.replaceResetToken(user.id, hashResetToken(token), expiresAt);
    await this.mail.send({
      to: user.email,
      template: 'auth.password-reset',
      data: { name: user.name, link: `${this.config.webOrigin}/reset-password/${token}`, minutes: RESET_TOKEN_TTL_MS / 60000 },
    });
  }
}
