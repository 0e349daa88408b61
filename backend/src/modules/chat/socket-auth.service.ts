import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import { AuthTokens } from '../auth/auth-tokens.service.js';
import type { ChatSocketData } from './chat-realtime.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a socket is refused; `message` is what the client's `connect_error` shows. */
export class SocketAuthError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The socket handshake's and every event's authentication: the same checks as the HTTP JWT strategy
 * (HS256 only, expiry, session not revoked or expired, user not banned), read from PostgreSQL each time so a
 * logout or a ban takes effect at once.
 */
@Injectable()
export class SocketAuth {
  constructor(
    private readonly tokens: AuthTokens,
    private readonly clock: Clock,
  ) {}

  /** The token from `auth.token` (with or without "Bearer ") or the Authorization header. */
  static tokenFrom(handshake: { auth?: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }): string | undefined {
    const raw = typeof handshake.auth?.token === 'string' ? handshake.auth.token : handshake.headers.authorization;
    if (typeof raw !== 'string') return undefined;
    const token = raw.replace(/^Bearer\s+/i, '').trim();
    return token || undefined;
  }

  async authenticate(token: string | undefined): Promise<ChatSocketData> {
    if (!token) throw new SocketAuthError('UNAUTHENTICATED', 'Authentication required: connect with auth.token.');
    const check = this.tokens.check(token);
    if (!check.valid && check.reason === 'expired') throw new SocketAuthError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.');
    if (!check.valid) throw new SocketAuthError('UNAUTHENTICATED', 'Invalid token. Please sign in again.');
    const claims = check.claims;
    if (typeof claims.jti !== 'string' || typeof claims.userId !== 'string' || !UUID.test(claims.jti) || !UUID.test(claims.userId)) {
      throw new SocketAuthError('UNAUTHENTICATED', 'Invalid token. Please sign in again.');
    }
    return this.recheck({ userId: claims.userId, sessionId: claims.jti });
  }

  /** Re-reads the session and the user: still valid, not revoked, not banned. */
  async recheck(socket: Pick<ChatSocketData, 'userId' | 'sessionId'>): Promise<ChatSocketData> {
    const row = await this.tokens.findSessionUser(socket.sessionId, socket.userId);
    if (!row || row.sessionRevoked || row.sessionExpiresAt <= this.clock.now()) {
      throw new SocketAuthError('SESSION_EXPIRED', 'Your session has ended. Please sign in again.');
    }
    if (row.banned) throw new SocketAuthError('ACCOUNT_BANNED', 'Your account has been banned.');
    return { userId: row.id, sessionId: socket.sessionId, role: row.role };
  }
}
