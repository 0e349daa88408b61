import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ChatRealtime } from './chat-realtime.service.js';

/**
 * A ban closes the user's open sockets on every API instance (through the Redis adapter), right after the ban's
 * commit; the handshake refuses them from then on (socket-auth.service.ts reads `banned` from PostgreSQL).
 */
@Injectable()
export class ChatBansSubscriber {
  constructor(private readonly realtime: ChatRealtime) {}

  @OnEvent('user.banned')
  disconnect(event: DomainEventPayloads['user.banned']): Promise<void> {
    this.realtime.disconnectUser(event.userId);
    return Promise.resolve();
  }
}
