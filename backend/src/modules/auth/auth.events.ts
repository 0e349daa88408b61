/**
 * What happens to sessions, as other modules hear of it (docs/architecture.md "Domain events"). Recorded by
 * AuthTokens in the revocation's own transaction (and by AuthBansSubscriber in a ban's delivery): Chat closes the
 * sockets those sessions opened, on every API instance (chat-revocations.subscriber.ts).
 */
export type SessionRevocationReason = 'logout' | 'logout_everywhere' | 'password_reset' | 'two_factor_changed' | 'banned';

declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** Sessions of one user stopped signing them in (a revocation that ended nothing records nothing). */
    'auth.sessionsRevoked': { userId: string; sessionIds: string[]; reason: SessionRevocationReason; at: string };
  }
}
