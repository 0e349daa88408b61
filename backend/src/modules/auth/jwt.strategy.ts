import { createSecretKey } from 'node:crypto';
import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { JWT_STRATEGY } from '../../common/guards/jwt-auth.guard.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { AuthRepository } from './auth.repository.js';
import { JWT_ALGORITHM, type TokenClaims } from './auth-tokens.service.js';
import { coded } from '../../common/errors.js';

/** Session and user ids are UUIDs: anything else is refused before a query. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BANNED_MESSAGE = 'Your account has been banned.';

/**
 * Bearer JWT: HS256 only, secret from config, `exp` enforced by passport-jwt. Then, on every request, the
 * session row and the user are read from PostgreSQL (one query): a revoked session (logout, password
 * reset), a deleted user or a ban ends access at once, not when the token expires.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: AuthRepository,
    private readonly clock: Clock,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, made once: given a string, jsonwebtoken first tries (and fails) to parse it as a public key
      // on every request, the largest single cost of an authenticated request. passport-jwt passes it through.
      secretOrKey: createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8')) as unknown as string,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(claims: Partial<TokenClaims>): Promise<AuthenticatedUser> {
    // Built only when thrown: an exception captures a stack trace, which cost ~2 % of every authenticated request.
    const expired = () => new UnauthorizedException(coded('SESSION_EXPIRED', 'Your session has ended. Please sign in again.'));
    if (typeof claims.jti !== 'string' || typeof claims.userId !== 'string' || !UUID.test(claims.jti) || !UUID.test(claims.userId)) throw expired();
    const row = await this.repository.findSessionUser(claims.jti, claims.userId);
    if (!row || row.sessionRevoked || row.sessionExpiresAt <= this.clock.now()) throw expired();
    if (row.banned) throw new ForbiddenException(coded('ACCOUNT_BANNED', BANNED_MESSAGE));
    return {
      id: row.id,
      sessionId: claims.jti,
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
