import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ChatRepository } from './chat.repository.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];

/**
 * Conversations follow the essays' events (DESIGN.md §9 "Chat"): an accepted essay makes its student and tutor
 * contacts; an essay that leaves its tutor (back to the pool, cancelled, refunded) closes that reason to talk. The
 * writes go in the delivery's transaction, so each happens once with it.
 */
@Injectable()
export class ChatContextsSubscriber {
  constructor(private readonly repository: ChatRepository) {}

  @OnEvent('essay.accepted')
  async open(event: Payload<'essay.accepted'>, { tx }: EventContext): Promise<void> {
    await this.repository.openConversation(event.studentId, event.tutorId, 'essay', event.essayId, tx);
  }

  @OnEvent('essay.returnedToPool')
  async closeReturned(event: Payload<'essay.returnedToPool'>, { tx }: EventContext): Promise<void> {
    await this.repository.closeContext('essay', event.essayId, tx);
  }

  @OnEvent('essay.cancelled')
  async closeCancelled(event: Payload<'essay.cancelled'>, { tx }: EventContext): Promise<void> {
    if (event.tutorId) await this.repository.closeContext('essay', event.essayId, tx);
  }
}
