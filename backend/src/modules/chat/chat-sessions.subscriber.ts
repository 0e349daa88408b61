import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ChatRepository } from './chat.repository.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];

/**
 * Conversations follow the tutoring sessions' events: a confirmed (paid) session makes its
 * student and tutor contacts; a cancelled one closes that reason to talk. Written with the delivery's transaction.
 */
@Injectable()
export class ChatSessionsSubscriber {
  constructor(private readonly repository: ChatRepository) {}

  @OnEvent('session.confirmed')
  async open(event: Payload<'session.confirmed'>, { tx }: EventContext): Promise<void> {
    await this.repository.openConversation(event.studentId, event.tutorId, 'session', event.sessionId, tx);
  }

  @OnEvent('session.cancelled')
  async close(event: Payload<'session.cancelled'>, { tx }: EventContext): Promise<void> {
    await this.repository.closeContext('session', event.sessionId, tx);
  }
}
