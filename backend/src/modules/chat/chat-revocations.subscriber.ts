import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ChatRealtime } from './chat-realtime.service.js';

/**
 * A revoked session (logout, sign out everywhere, password reset, a two-factor change, a ban) closes the sockets it
 * opened on every API instance, right after the revocation's commit: each socket sits in its session's room
 * (chat.gateway.ts), and the Redis adapter carries the disconnect to the other instances. The gateway's periodic
 * re-check is the backstop for an event that could not be delivered here (e.g. relayed by a worker process).
 */
@Injectable()
export class ChatRevocationsSubscriber {
  constructor(private readonly realtime: ChatRealtime) {}

  @OnEvent('auth.sessionsRevoked')
  disconnect(event: DomainEventPayloads['auth.sessionsRevoked']): Promise<void> {
    this.realtime.disconnectSessions(event.sessionIds);
    return Promise.resolve();
  }
}
