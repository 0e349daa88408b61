import { createHmac, randomBytes } from 'node:crypto';
import { BadRequestException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { UsersService } from '../users/users.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { AuthTokens } from './auth-tokens.service.js';
import { AUTH_LIMITS, MESSAGES } from './auth.service.js';
import { deriveKey } from './one-time-secrets.js';
import { presentUser, type UserDto } from './user.presenter.js';

/** A sign-in link works once, for this long. */
export const SIGN_IN_LINK_TTL_SECONDS = 120;
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid or has expired.';

/**
 * Direct sign-in links (`/login?signInCode=…`, spec part 1 §2), replacing links that carried a bearer token.
 * A signed-in user asks for a link; it holds a one-time code (256 random bits, only an HMAC of it is kept in
 * Redis for SIGN_IN_LINK_TTL_SECONDS). The login page first shows whose link it is ("Continue as …?") without
 * using it up, and only the visitor's click exchanges the code for a session, so nobody can be signed into
 * someone else's account by following a link unawares.
 */
@Injectable()
export class SignInLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly tokens: AuthTokens,
    private readonly throttle: AuthThrottle,
    private readonly rateLimit: RateLimitService,
  ) {
    this.key = deriveKey(config.auth.jwtSecret, 'sign-in-links');
  }

  async create(userId: string): Promise<{ signInCode: string; url: string; expiresInSeconds: number }> {
    const signInCode = randomBytes(32).toString('base64url');
    await this.throttle.putOnce('sign-in-link', this.id(signInCode), userId, SIGN_IN_LINK_TTL_SECONDS);
    return { signInCode, url: `${this.config.webOrigin}/login?signInCode=${signInCode}`, expiresInSeconds: SIGN_IN_LINK_TTL_SECONDS };
  }

  /** Whose link this is, without using it up. */
  async preview(signInCode: string, ip: string): Promise<{ name: string; email: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    const userId = await this.throttle.peek('sign-in-link', this.id(signInCode));
    const user = userId ? await this.users.findById(userId) : undefined;
    if (!user || user.banned) throw new BadRequestException(coded('SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID));
    return { name: user.name, email: user.email };
  }

  /** Uses the code up (one of two racing requests wins) and signs the visitor in. */
  async exchange(signInCode: string, ip: string): Promise<{ token: string; user: UserDto }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    const userId = await this.throttle.take('sign-in-link', this.id(signInCode));
    const user = userId ? await this.users.findById(userId) : undefined;
    if (!user) throw new BadRequestException(coded('SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID));
    if (user.banned) throw new ForbiddenException(coded('ACCOUNT_BANNED', MESSAGES.banned));
    return { token: await this.tokens.issue(user), user: presentUser(user) };
  }

  private id(signInCode: string): string {
    return createHmac('sha256', this.key).update(signInCode).digest('hex');
  }
}
