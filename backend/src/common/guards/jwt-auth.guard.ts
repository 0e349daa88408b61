import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedUser } from './authenticated-user.js';
import { BearerAuthenticator, unauthenticated } from './bearer-authenticator.js';
import { routeAccess } from './route-access.js';

/** `Authorization: Bearer <token>`, the scheme in any case. */
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * The global authentication guard (APP_GUARD): every route needs a valid bearer token unless marked `@Public()`.
 * BearerAuthenticator (the auth module) verifies the token (HS256 only) and its expiry, then checks the session
 * and the user, so logout, password reset and bans take effect on the very next request. The user is
 * `request.user` (`@CurrentUser()`).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: BearerAuthenticator,
  ) {}

  // Not async: a public route answers synchronously, without a promise per request.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (routeAccess(this.reflector, context).isPublic) return true;
    return this.authenticate(context);
  }

  private async authenticate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined>; user?: AuthenticatedUser }>();
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    if (!token) throw unauthenticated();
    request.user = await this.authenticator.authenticate(token);
    return true;
  }
}
