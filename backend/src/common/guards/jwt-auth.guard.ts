import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { coded } from '../errors.js';
import { routeAccess } from './route-access.js';

export const JWT_STRATEGY = 'jwt';

/**
 * The global authentication guard (APP_GUARD): every route needs a valid bearer token unless marked
 * `@Public()`. The strategy verifies the signature (HS256 only) and expiry, then re-reads the user and the
 * session from PostgreSQL, so logout, password reset and bans take effect on the very next request.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (routeAccess(this.reflector, context).isPublic) return true;
    return super.canActivate(context) as Promise<boolean>;
  }

  override handleRequest<TUser>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException(coded('UNAUTHENTICATED', 'Please sign in to continue.'));
    return user;
  }
}
