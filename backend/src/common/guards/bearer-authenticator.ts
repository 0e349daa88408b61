import { UnauthorizedException } from '@nestjs/common';
import { coded } from '../errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';

/**
 * What the global authentication guard asks of a bearer token, implemented by the auth module (which owns tokens
 * and sessions) and provided under this class as token, so `common/` never imports a module. Throws the HTTP
 * answer (401 or 403) when the token does not stand for a signed-in user.
 */
export abstract class BearerAuthenticator {
  abstract authenticate(token: string): Promise<AuthenticatedUser>;
}

export const unauthenticated = () => new UnauthorizedException(coded('UNAUTHENTICATED', 'Please sign in to continue.'));
