import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { AuthRepository } from './auth.repository.js';
import { AuthTokens } from './auth-tokens.service.js';
import { SessionCache } from './session-cache.js';
import { SignInLinkStore } from './sign-in-link-store.js';

/**
 * A ban ends every session of the user: revoked in the delivery's transaction, so unbanning later
 * does not bring old tokens back; their `auth.sessionsRevoked` follows the delivery's commit (sockets close).
 * The ban itself already refuses them: the session check reads `banned`, and the
 * users trigger drops the user's cached sessions on every instance at the ban's commit (session-cache.ts).
 */
@Injectable()
export class AuthBansSubscriber {
  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionCache,
    private readonly clock: Clock,
    private readonly tokens: AuthTokens,
    private readonly signInLinks: SignInLinkStore,
  ) {}

  @OnEvent('user.banned')
  async endSessions(event: DomainEventPayloads['user.banned'], { tx }: EventContext): Promise<void> {
    // Its sign-in links too (a failure retries the delivery): an unban later does not bring them back.
    await this.signInLinks.cancelAllOf(event.userId);
    const ended = await this.repository.revokeAllSessions(event.userId, this.clock.now(), tx);
    await this.tokens.recordRevoked(tx, event.userId, ended, 'banned');
    this.sessions.forgetUser(event.userId);
  }
}
