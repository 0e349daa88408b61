import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { BearerAuthenticator, unauthenticated } from '../../common/guards/bearer-authenticator.js';
import { coded } from '../../common/errors.js';
import { AuthTokens, BANNED_MESSAGE, SESSION_ENDED_MESSAGE } from './auth-tokens.service.js';

/**
 * What the global authentication guard asks of a bearer token: HS256 only, signed with our secret, not expired
 * (AuthTokens.check). Then, on every request, the session and its user are checked (AuthTokens.refusal, on one
 * query or SessionCache's copy, which a change drops at commit): a revoked session (logout, password reset), a
 * deleted user or a ban ends access at once, not when the token expires.
 */
@Injectable()
export class BearerSessionAuthenticator extends BearerAuthenticator {
  constructor(private readonly tokens: AuthTokens) {
    super();
  }

  async authenticate(token: string): Promise<AuthenticatedUser> {
    const check = await this.tokens.check(token);
    if (!check.valid) throw unauthenticated();
    const session = this.tokens.sessionOf(check.claims);
    const row = session && (await this.tokens.cachedSessionUser(session.sessionId, session.userId));
    // Exceptions are built only when thrown: one captures a stack trace, ~2 % of every authenticated request.
    const refusal = this.tokens.refusal(row);
    if (!session || !row || refusal === 'ended') throw new UnauthorizedException(coded('SESSION_EXPIRED', SESSION_ENDED_MESSAGE));
    if (refusal === 'banned') throw new ForbiddenException(coded('ACCOUNT_BANNED', BANNED_MESSAGE));
    return {
      id: row.id,
      sessionId: session.sessionId,
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
