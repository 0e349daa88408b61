import { createHash } from 'node:crypto';
import { BadRequestException, ForbiddenException, HttpException, HttpStatus, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimitService, type RateLimitRule } from '../../common/rate-limit/rate-limit.service.js';
import { hashPassword, verifyPassword } from '../../common/security/password-hasher.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { UserRow } from '../../infra/database/schema/index.js';
import { MailService } from '../../infra/mail/mail.service.js';
import { REDIS } from '../../infra/redis/redis.module.js';
import { AuthRepository, type CodePurpose } from './auth.repository.js';
import { AuthTokens } from './auth-tokens.service.js';
import type { RegisterDto } from './dto/auth.dto.js';
import { BANNED_MESSAGE } from './jwt.strategy.js';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  hashCode,
  hashResetToken,
  newCode,
  newResetToken,
  RESEND_COOLDOWN_SECONDS,
  RESET_TOKEN_TTL_MS,
  sameHash,
} from './one-time-secrets.js';
import { UUID } from './jwt.strategy.js';
import { presentUser, type UserDto } from './user.presenter.js';

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
} as const;

/** Rate limits (Redis, shared by every instance): per client IP and per account. */
export const AUTH_LIMITS = {
  registerIp: { name: 'auth-register-ip', points: 10, durationSeconds: 3600 },
  loginIp: { name: 'auth-login-ip', points: 20, durationSeconds: 60 },
  loginAccount: { name: 'auth-login-account', points: 10, durationSeconds: 900 },
  verifyIp: { name: 'auth-verify-ip', points: 20, durationSeconds: 600 },
  verifyAccount: { name: 'auth-verify-account', points: 10, durationSeconds: 600 },
  resendIp: { name: 'auth-resend-ip', points: 10, durationSeconds: 600 },
  resetIp: { name: 'auth-reset-ip', points: 10, durationSeconds: 3600 },
  resetAccount: { name: 'auth-reset-account', points: 3, durationSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

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

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly repository: AuthRepository,
    private readonly tokens: AuthTokens,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    private readonly clock: Clock,
  ) {}

  async register(dto: RegisterDto, ip: string): Promise<{ message: string; email: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.registerIp, ip);
    const passwordHash = await hashPassword(dto.password);
    const created = await this.repository.insertUser({ name: dto.name, email: dto.email, phone: dto.phone, passwordHash, role: dto.role });
    await this.startCooldown('email', dto.email, { enforce: false });
    // A new address gets a code, a known one a notice to its owner: each one query and one enqueued email, so
    // the answer's timing says little about which it was (and both are done before answering, durably).
    if (created) await this.sendCode(created, 'email');
    else await this.noticeRegistrationAttempt(dto.email);
    return { message: MESSAGES.registered, email: dto.email };
  }

  private async noticeRegistrationAttempt(email: string): Promise<void> {
    const existing = await this.repository.findUserByEmail(email);
    if (!existing) return;
    await this.mail.send({
      to: existing.email,
      template: 'auth.registration-attempt',
      data: { name: existing.name, loginUrl: `${this.config.webOrigin}/login`, resetUrl: `${this.config.webOrigin}/forgot-password` },
    });
  }

  async verifyEmail(email: string, code: string, ip: string): Promise<{ token: string; user: UserDto }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    await this.rateLimit.consume(AUTH_LIMITS.verifyAccount, `email:${email}`);
    const user = await this.repository.findUserByEmail(email);
    if (!user || user.emailVerified) throw new BadRequestException(MESSAGES.invalidCode);
    const codeId = await this.checkCode(user.id, 'email', code);
    // After the code (only its owner learns of the ban) and before using it up: a banned account stays as it was.
    if (user.banned) throw new ForbiddenException(MESSAGES.banned);
    await this.useUpCode(codeId);
    const verified = (await this.repository.updateUser(user.id, { emailVerified: true }))!;
    return { token: await this.tokens.issue(verified), user: presentUser(verified) };
  }

  async resendCode(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resendIp, ip);
    await this.startCooldown('email', email);
    const user = await this.repository.findUserByEmail(email);
    if (user && !user.emailVerified) await this.sendCode(user, 'email');
    return { message: MESSAGES.codeResent };
  }

  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const user = await this.checkCredentials(email, password, ip);
    if (!user) throw new UnauthorizedException(MESSAGES.invalidLogin);
    if (user.banned) throw new ForbiddenException(MESSAGES.banned);
    if (!user.emailVerified) throw new ForbiddenException(MESSAGES.unverified);
    if (user.twoFactorEnabled) {
      await this.startCooldown('two_factor', user.email, { enforce: false });
      await this.sendCode(user, 'two_factor');
      return { twoFactorRequired: true, userId: user.id, message: MESSAGES.twoFactorSent };
    }
    return { token: await this.tokens.issue(user), user: presentUser(user) };
  }

  /**
   * Ops tools (Bull Board) sign in with an admin's own email and password: true only for a verified,
   * unbanned admin. Rate-limited like a login; same timing for unknown emails.
   */
  async verifyAdminCredentials(email: string, password: string, ip: string): Promise<boolean> {
    const user = await this.checkCredentials(email, password, ip);
    return !!user && user.role === 'admin' && !user.banned && user.emailVerified;
  }

  async verifyTwoFactor(userId: string, code: string, ip: string): Promise<{ token: string; user: UserDto }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    if (!UUID.test(userId)) throw new BadRequestException(MESSAGES.invalidCode);
    await this.rateLimit.consume(AUTH_LIMITS.verifyAccount, `2fa:${userId}`);
    const user = await this.repository.findUserById(userId);
    if (!user) throw new BadRequestException(MESSAGES.invalidCode);
    const codeId = await this.checkCode(user.id, 'two_factor', code);
    if (user.banned) throw new ForbiddenException(MESSAGES.banned);
    await this.useUpCode(codeId);
    return { token: await this.tokens.issue(user), user: presentUser(user) };
  }

  /** Sends a fresh sign-in code only while a two-factor sign-in is pending (the password was right). */
  async resendTwoFactor(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resendIp, ip);
    await this.startCooldown('two_factor', email);
    const user = await this.repository.findUserByEmail(email);
    if (user && user.twoFactorEnabled && !user.banned && (await this.repository.findCode(user.id, 'two_factor'))) {
      await this.sendCode(user, 'two_factor');
    }
    return { message: MESSAGES.twoFactorSent };
  }

  async requestPasswordReset(email: string, ip: string): Promise<{ message: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.resetIp, ip);
    await this.rateLimit.consume(AUTH_LIMITS.resetAccount, `email:${email}`);
    const user = await this.repository.findUserByEmail(email);
    // The token and the email are prepared after answering, so both paths answer in the same time.
    if (user) void this.sendResetLink(user).catch((error: Error) => this.logger.error(`reset email for ${user.id} failed: ${error.message}`));
    return { message: MESSAGES.resetRequested };
  }

  async resetPassword(resetToken: string, newPassword: string): Promise<{ message: string }> {
    const now = this.clock.now();
    const passwordHash = await hashPassword(newPassword);
    const userId = await this.repository.useResetToken(hashResetToken(resetToken), now);
    if (!userId) throw new BadRequestException(MESSAGES.invalidReset);
    // Following the emailed link proves the address, so an unverified account becomes verified.
    await this.repository.updateUser(userId, { passwordHash, emailVerified: true });
    await this.tokens.revokeAll(userId);
    return { message: MESSAGES.resetDone };
  }

  async logout(sessionId: string): Promise<void> {
    await this.tokens.revoke(sessionId);
  }

  async setTwoFactor(userId: string, enabled: boolean): Promise<UserDto> {
    return presentUser((await this.repository.updateUser(userId, { twoFactorEnabled: enabled }))!);
  }

  // ---- helpers ---------------------------------------------------------------------------------------------

  /** A sign-in attempt (the app's or Bull Board's): rate-limited per IP and per account; the user when the password is right. */
  private async checkCredentials(email: string, password: string, ip: string) {
    await this.rateLimit.consume(AUTH_LIMITS.loginIp, ip);
    await this.rateLimit.consume(AUTH_LIMITS.loginAccount, `email:${email}`);
    const user = await this.repository.findUserByEmail(email);
    // Unknown email: still pay for one argon2 verification, so timing does not reveal registration.
    const ok = await verifyPassword(user?.passwordHash ?? (await this.getDummyHash()), password);
    return user && ok ? user : null;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    return this.dummyHash;
  }

  /** The server-side 60 s cooldown between code emails, per address and purpose (known or not). */
  private async startCooldown(purpose: CodePurpose, email: string, { enforce = true } = {}): Promise<void> {
    const key = `redpen:cooldown:${purpose}:${createHash('sha256').update(email.toLowerCase()).digest('hex')}`;
    if (!enforce) {
      await this.redis.set(key, '1', 'EX', RESEND_COOLDOWN_SECONDS);
      return;
    }
    const set = await this.redis.set(key, '1', 'EX', RESEND_COOLDOWN_SECONDS, 'NX');
    if (set === 'OK') return;
    const ttl = await this.redis.ttl(key);
    const seconds = Math.max(1, ttl > 0 ? ttl : RESEND_COOLDOWN_SECONDS);
    throw new HttpException(
      { message: `Please wait ${seconds} seconds before requesting a new code.`, retryAfterSeconds: seconds },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  private async sendCode(user: UserRow, purpose: CodePurpose): Promise<void> {
    const code = newCode();
    const expiresAt = new Date(this.clock.now().getTime() + CODE_TTL_MS);
    await this.repository.upsertCode(user.id, purpose, hashCode(code, this.config.auth.jwtSecret, user.id), expiresAt);
    const data = { name: user.name, code, minutes: CODE_TTL_MS / 60000 };
    if (purpose === 'email') await this.mail.send({ to: user.email, template: 'auth.verification-code', data });
    else await this.mail.send({ to: user.email, template: 'auth.two-factor-code', data });
  }

  /** Checks a code (counting wrong tries) without using it up; returns its id for `useUpCode`. */
  private async checkCode(userId: string, purpose: CodePurpose, code: string): Promise<string> {
    const row = await this.repository.findCode(userId, purpose);
    if (!row) throw new BadRequestException(MESSAGES.invalidCode);
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new BadRequestException(MESSAGES.tooManyAttempts);
    if (row.expiresAt <= this.clock.now()) throw new BadRequestException(MESSAGES.invalidCode);
    if (!sameHash(row.codeHash, hashCode(code, this.config.auth.jwtSecret, userId))) {
      const attempts = await this.repository.recordWrongAttempt(row.id, CODE_MAX_ATTEMPTS);
      if (attempts === undefined || attempts >= CODE_MAX_ATTEMPTS) throw new BadRequestException(MESSAGES.tooManyAttempts);
      throw new BadRequestException(MESSAGES.invalidCode);
    }
    return row.id;
  }

  /** Single use: a code checked twice at once is used up by one request only; the other is refused. */
  private async useUpCode(codeId: string): Promise<void> {
    if (!(await this.repository.consumeCode(codeId, CODE_MAX_ATTEMPTS))) throw new BadRequestException(MESSAGES.invalidCode);
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
