import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { UUID } from '../../common/uuid.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { Transaction } from '../../infra/database/database.types.js';
import type { UserRow } from '../users/users.service.js';
import { AuthRepository } from './auth.repository.js';
import { SessionUserReadModel, type SessionUserRow } from './session-user.read-model.js';
import { JWT_ALGORITHM, JwtVerifier, type TokenCheck } from './jwt-verifier.js';
import { SessionCache } from './session-cache.js';
import { SignInLinkStore } from './sign-in-link-store.js';
import type { SessionRevocationReason } from './auth.events.js';
import './auth.events.js';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const BANNED_MESSAGE = 'Your account has been banned.';

/** Why a session no longer signs its user in: none, revoked or past (`ended`), or its user banned. */
export type SessionRefusal = 'ended' | 'banned';

/** The claims every token carries plus `jti`, the session that can be revoked. */
export interface TokenClaims {
  userId: string;
  role: UserRow['role'];
  onboardingCompleted: boolean;
  jti: string;
}

/**
 * Issues bearer tokens (one session row per token, so a token can be revoked before it expires) and checks their
 * signature and expiry for the HTTP guard and the chat handshake alike.
 */
@Injectable()
export class AuthTokens {
  /** Made once: the secret as a key, not re-derived from the string on every check; accepted tokens remembered. */
  private readonly verifier: JwtVerifier;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly repository: AuthRepository,
    private readonly sessionUsers: SessionUserReadModel,
    private readonly sessions: SessionCache,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly signInLinks: SignInLinkStore,
  ) {
    this.verifier = new JwtVerifier(config.auth.jwtSecret);
  }

  /**
   * HS256 with our secret, `exp` in the future (by the wall clock, as the token's own `exp` is), verified by jose the
   * first time a token is seen and remembered until its `exp` (JwtVerifier): the claims, or why not. The session
   * behind the token is the caller's to check.
   */
  async check(token: string): Promise<TokenCheck> {
    return this.verifier.verify(token, Math.floor(Date.now() / 1000));
  }

  async issue(user: Pick<UserRow, 'id' | 'role' | 'onboardingCompleted'>): Promise<string> {
    const ttl = this.config.auth.jwtTtlSeconds;
    const now = this.clock.now();
    const sessionId = await this.repository.createSession(user.id, new Date(now.getTime() + ttl * 1000));
    const claims: Omit<TokenClaims, 'jti'> = { userId: user.id, role: user.role, onboardingCompleted: user.onboardingCompleted };
    return this.jwt.signAsync(claims, {
      secret: this.config.auth.jwtSecret,
      algorithm: JWT_ALGORITHM,
      expiresIn: ttl,
      jwtid: sessionId,
      subject: user.id,
    });
  }

  /** The session and user a verified token's claims name, when both are UUIDs; undefined: it names no session. */
  sessionOf(claims: Record<string, unknown>): { sessionId: string; userId: string } | undefined {
    const { jti, userId } = claims;
    return typeof jti === 'string' && typeof userId === 'string' && UUID.test(jti) && UUID.test(userId) ? { sessionId: jti, userId } : undefined;
  }

  /**
   * The session and its user as every authenticated request reads them: SessionCache's copy (dropped at the commit
   * of any change to them), else one query.
   */
  cachedSessionUser(sessionId: string, userId: string): Promise<SessionUserRow | undefined> {
    return this.sessions.read(sessionId, userId, () => this.sessionUsers.findSessionUser(sessionId, userId));
  }

  /** Why this session no longer signs its user in, or null while it does: the one rule of the HTTP guard and the chat socket. */
  refusal(row: SessionUserRow | undefined): SessionRefusal | null {
    if (!row || row.sessionRevoked || row.sessionExpiresAt <= this.clock.now()) return 'ended';
    return row.banned ? 'banned' : null;
  }

  /**
   * Ends one session (logout). The revocation and its `auth.sessionsRevoked` event commit together; the event closes
   * the session's sockets on every API instance right after the commit (Chat's subscriber).
   */
  async revoke(sessionId: string, userId: string): Promise<void> {
    await this.events.transaction(async (tx) => {
      const ended = await this.repository.revokeSession(sessionId, this.clock.now(), tx);
      await this.recordRevoked(tx, userId, ended, 'logout');
    });
    this.sessions.forgetSession(sessionId);
  }

  /** The session and its user read from PostgreSQL now (the chat socket's check, across instances). */
  findSessionUser(sessionId: string, userId: string) {
    return this.sessionUsers.findSessionUser(sessionId, userId);
  }

  /**
   * Ends every session of the user (sign out everywhere, password reset), or every one but `except` (a two-factor
   * change keeps the session that made it), with the event that closes their sockets. Every outstanding sign-in link
   * of the user is cancelled first, `except`'s too: a link made before the change does not outlive it. A failure
   * there fails the whole revocation, before anything was ended, so it can be retried.
   */
  async revokeAll(userId: string, reason: SessionRevocationReason, except?: string): Promise<void> {
    await this.signInLinks.cancelAllOf(userId);
    await this.events.transaction(async (tx) => {
      const ended = await this.repository.revokeAllSessions(userId, this.clock.now(), tx, except);
      await this.recordRevoked(tx, userId, ended, reason);
    });
    this.sessions.forgetUser(userId);
  }

  /** Records `auth.sessionsRevoked` in the revocation's transaction, when it ended something. */
  async recordRevoked(tx: Transaction, userId: string, sessionIds: string[], reason: SessionRevocationReason): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.events.record(tx, 'auth.sessionsRevoked', { userId, sessionIds, reason, at: this.clock.now().toISOString() });
  }

  /** Of these sessions, those that no longer sign their user in (the chat sockets' periodic re-check). */
  endedSessions(sessionIds: string[]): Promise<string[]> {
    return this.sessionUsers.endedSessions(sessionIds, this.clock.now());
  }
}
