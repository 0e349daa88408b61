import { Injectable } from '@nestjs/common';
import type { ErrorCode } from '@redpen/shared/error-codes';
import { AuthTokens, BANNED_MESSAGE, SESSION_ENDED_MESSAGE } from '../auth/auth-tokens.service.js';
import type { ChatSocketData } from './chat-realtime.service.js';

const INVALID_TOKEN_MESSAGE = 'Invalid token. Please sign in again.';

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
 * The socket handshake's and every event's authentication: the same checks as the HTTP guard (AuthTokens: HS256
 * only, expiry, session not revoked or expired, user not banned), read from PostgreSQL each time (not the HTTP
 * guard's SessionCache) so a logout or a ban on another instance takes effect on the very next event.
 */
@Injectable()
export class SocketAuth {
  constructor(private readonly tokens: AuthTokens) {}

  /** The token from `auth.token` (with or without "Bearer ") or the Authorization header. */
  static tokenFrom(handshake: { auth?: Record<string, unknown>; headers: Record<string, string | string[] | undefined> }): string | undefined {
    const raw = typeof handshake.auth?.token === 'string' ? handshake.auth.token : handshake.headers.authorization;
    if (typeof raw !== 'string') return undefined;
    const token = raw.replace(/^Bearer\s+/i, '').trim();
    return token || undefined;
  }

  async authenticate(token: string | undefined): Promise<ChatSocketData> {
    if (!token) throw new SocketAuthError('UNAUTHENTICATED', 'Authentication required: connect with auth.token.');
    const check = await this.tokens.check(token);
    if (!check.valid && check.reason === 'expired') throw new SocketAuthError('SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
    const session = check.valid ? this.tokens.sessionOf(check.claims) : undefined;
    if (!session) throw new SocketAuthError('UNAUTHENTICATED', INVALID_TOKEN_MESSAGE);
    return this.recheck(session);
  }

  /** Re-reads the session and the user from PostgreSQL (AuthTokens.refusal): still valid, not revoked, not banned. */
  async recheck(socket: Pick<ChatSocketData, 'userId' | 'sessionId'>): Promise<ChatSocketData> {
    const row = await this.tokens.findSessionUser(socket.sessionId, socket.userId);
    const refusal = this.tokens.refusal(row);
    if (!row || refusal === 'ended') throw new SocketAuthError('SESSION_EXPIRED', SESSION_ENDED_MESSAGE);
    if (refusal === 'banned') throw new SocketAuthError('ACCOUNT_BANNED', BANNED_MESSAGE);
    return { userId: row.id, sessionId: socket.sessionId, role: row.role };
  }

  /** Of these sessions, the ones that ended (the gateway's periodic re-check), read from PostgreSQL in one query. */
  endedSessions(sessionIds: string[]): Promise<string[]> {
    return this.tokens.endedSessions(sessionIds);
  }
}
