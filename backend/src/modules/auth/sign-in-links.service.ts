import { createHmac, randomBytes } from 'node:crypto';
import { BadRequestException, ForbiddenException, GoneException, Inject, Injectable } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { SessionUserRow } from './session-user.read-model.js';
import { AuthTokens } from './auth-tokens.service.js';
import { AUTH_LIMITS, MESSAGES } from './auth.service.js';
import { deriveKey } from './one-time-secrets.js';
import { SignInLinkStore, type StoredSignInLink } from './sign-in-link-store.js';
import { presentUser, type UserDto } from './user.presenter.js';

/** A sign-in link works once, for this long. */
export const SIGN_IN_LINK_TTL_SECONDS = 120;
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid or has expired.';
export const SIGN_IN_LINK_REVOKED = 'This sign-in link was cancelled: its account was signed out or its sign-in settings changed since. Please ask for a new link.';

/**
 * Direct sign-in links (`/login?signInCode=…`), replacing links that carried a bearer token.
 * A signed-in user asks for a link; it holds a one-time code (256 random bits, only an HMAC of it is kept in
 * Redis for SIGN_IN_LINK_TTL_SECONDS). The login page first shows whose link it is ("Continue as …?") without
 * using it up, and only the visitor's click exchanges the code for a session, so nobody can be signed into
 * someone else's account by following a link unawares.
 *
 * A link never outlives the sessions it came from: every revocation of the user's sessions (sign out everywhere,
 * password reset, a two-factor change, a ban) cancels the user's outstanding links (AuthTokens.revokeAll), and a
 * preview or exchange also checks that the session which asked for the link still signs its user in. Either way the
 * answer is 410 SIGN_IN_LINK_REVOKED.
 */
@Injectable()
export class SignInLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: AuthTokens,
    private readonly links: SignInLinkStore,
    private readonly rateLimit: RateLimitService,
  ) {
    this.key = deriveKey(config.auth.jwtSecret, 'sign-in-links');
  }

  /** A link for the user of this session; it works only while that session does. */
  async create(userId: string, sessionId: string): Promise<{ signInCode: string; url: string; expiresInSeconds: number }> {
    const signInCode = randomBytes(32).toString('base64url');
    await this.links.put(this.id(signInCode), userId, sessionId, SIGN_IN_LINK_TTL_SECONDS);
    return { signInCode, url: `${this.config.webOrigin}/login?signInCode=${signInCode}`, expiresInSeconds: SIGN_IN_LINK_TTL_SECONDS };
  }

  /** Whose link this is, without using it up. A banned account's link reads as invalid (the visitor learns nothing more). */
  async preview(signInCode: string, ip: string): Promise<{ name: string; email: string }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    const user = await this.signsIn(await this.links.peek(this.id(signInCode)), { banned: 'invalid' });
    return { name: user.name, email: user.email };
  }

  /** Uses the code up (one of two racing requests wins) and signs the visitor in. */
  async exchange(signInCode: string, ip: string): Promise<{ token: string; user: UserDto }> {
    await this.rateLimit.consume(AUTH_LIMITS.verifyIp, ip);
    const user = await this.signsIn(await this.links.take(this.id(signInCode)), { banned: 'forbidden' });
    return { token: await this.tokens.issue(user), user: presentUser(user) };
  }

  /** The user a link signs in: refused when there is no such link, it was cancelled, or its session no longer signs in. */
  private async signsIn(link: StoredSignInLink | undefined, { banned }: { banned: 'invalid' | 'forbidden' }): Promise<SessionUserRow> {
    if (!link) throw new BadRequestException(coded('SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID));
    if (link.state === 'cancelled') throw revoked();
    // Read from PostgreSQL now, not from this instance's session cache: the revocation may have been made elsewhere.
    const row = await this.tokens.findSessionUser(link.sessionId, link.userId);
    const refusal = this.tokens.refusal(row);
    if (refusal === 'banned') {
      throw banned === 'forbidden' ? new ForbiddenException(coded('ACCOUNT_BANNED', MESSAGES.banned)) : new BadRequestException(coded('SIGN_IN_LINK_INVALID', SIGN_IN_LINK_INVALID));
    }
    if (refusal || !row) throw revoked();
    return row;
  }

  private id(signInCode: string): string {
    return createHmac('sha256', this.key).update(signInCode).digest('hex');
  }
}

const revoked = () => new GoneException(coded('SIGN_IN_LINK_REVOKED', SIGN_IN_LINK_REVOKED));
