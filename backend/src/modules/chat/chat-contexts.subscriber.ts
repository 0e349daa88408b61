import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ChatRepository } from './chat.repository.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];

/**
 * Conversations follow the essays' events: an accepted essay makes its student and tutor
 * contacts; an essay that leaves its tutor (back to the pool, cancelled, refunded) closes that reason to talk. A
 * context is what lets the two write to each other, so it changes inside the essay's own transaction
 * (`inTransaction`): nobody can see the essay back in the pool while its former tutor can still message about it.
 */
@Injectable()
export class ChatContextsSubscriber {
  constructor(private readonly repository: ChatRepository) {}

  @OnEvent('essay.accepted', { phase: 'inTransaction' })
  async open(event: Payload<'essay.accepted'>, { tx }: EventContext): Promise<void> {
    await this.repository.openConversation(event.studentId, event.tutorId, 'essay', event.essayId, tx);
  }

  @OnEvent('essay.returnedToPool', { phase: 'inTransaction' })
  async closeReturned(event: Payload<'essay.returnedToPool'>, { tx }: EventContext): Promise<void> {
    await this.repository.closeContext('essay', event.essayId, tx);
  }

  @OnEvent('essay.cancelled', { phase: 'inTransaction' })
  async closeCancelled(event: Payload<'essay.cancelled'>, { tx }: EventContext): Promise<void> {
    if (event.tutorId) await this.repository.closeContext('essay', event.essayId, tx);
  }
}
