import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { BearerAuthenticator, unauthenticated } from '../../common/guards/bearer-authenticator.js';
import { coded } from '../../common/errors.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthTokens } from './auth-tokens.service.js';
import { SessionCache } from './session-cache.js';

/** Session and user ids are UUIDs: anything else is refused before a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BANNED_MESSAGE = 'Your account has been banned.';

/**
 * What the global authentication guard asks of a bearer token: HS256 only, signed with our secret, not expired
 * (AuthTokens.check). Then, on every request, the session and its user are checked (one query, or SessionCache's
 * copy, which a change drops at commit): a revoked session (logout, password reset), a deleted user or a ban ends
 * access at once, not when the token expires.
 */
@Injectable()
export class BearerSessionAuthenticator extends BearerAuthenticator {
  constructor(
    private readonly tokens: AuthTokens,
    private readonly repository: AuthRepository,
    private readonly sessions: SessionCache,
    private readonly clock: Clock,
  ) {
    super();
  }

  async authenticate(token: string): Promise<AuthenticatedUser> {
    const check = this.tokens.check(token);
    if (!check.valid) throw unauthenticated();
    const { jti, userId } = check.claims;
    // Built only when thrown: an exception captures a stack trace, which cost ~2 % of every authenticated request.
    const expired = () => new UnauthorizedException(coded('SESSION_EXPIRED', 'Your session has ended. Please sign in again.'));
    if (typeof jti !== 'string' || typeof userId !== 'string' || !UUID.test(jti) || !UUID.test(userId)) throw expired();
    const row = await this.sessions.read(jti, userId, () => this.repository.findSessionUser(jti, userId));
    if (!row || row.sessionRevoked || row.sessionExpiresAt <= this.clock.now()) throw expired();
    if (row.banned) throw new ForbiddenException(coded('ACCOUNT_BANNED', BANNED_MESSAGE));
    return {
      id: row.id,
      sessionId: jti,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      emailVerified: row.emailVerified,
      onboardingCompleted: row.onboardingCompleted,
      twoFactorEnabled: row.twoFactorEnabled,
      hasStudentProfile: Boolean(row.hasStudentProfile),
      hasTutorProfile: Boolean(row.hasTutorProfile),
    };
  }
}
