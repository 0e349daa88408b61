import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { Recipients } from './recipients.service.js';

/** A moderation warning is emailed to the person warned (template: chat.mails.ts), once per resolution. */
@Injectable()
export class ChatNotifications {
  constructor(private readonly to: Recipients) {}

  @OnEvent('chat.warningIssued')
  async warned(event: DomainEventPayloads['chat.warningIssued'], { tx }: EventContext): Promise<void> {
    const [person] = await this.to.people([event.userId], tx);
    if (!person) return;
    await this.to.mail({ to: person.email, template: 'chat.warning', data: { name: person.name, note: event.note } }, `chat-warning.${event.resolutionId}`);
  }
}
