import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { Recipients } from './recipients.service.js';

/** Every admin decision about a tutor is emailed to them (templates: tutors.mails.ts); the event's id keys the mail. */
@Injectable()
export class TutorNotifications {
  constructor(private readonly to: Recipients) {}

  /** A tutor who has just applied is told at once that an admin approves them next. */
  @OnEvent('tutor.onboarding-submitted')
  async submitted(event: DomainEventPayloads['tutor.onboarding-submitted'], { tx, event: meta }: EventContext): Promise<void> {
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    await this.to.mail(
      { to: tutor.email, template: 'tutors.awaiting-approval', data: { name: tutor.name, dashboardUrl: this.to.webUrl('/tutor/dashboard') } },
      `tutor-onboarding-submitted.${meta.id}`,
    );
  }

  @OnEvent('tutor.reviewed')
  async reviewed(event: DomainEventPayloads['tutor.reviewed'], { tx, event: meta }: EventContext): Promise<void> {
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    await this.to.mail(
      { to: tutor.email, template: 'tutors.review-decision', data: { name: tutor.name, decision: event.decision, profileUrl: this.to.webUrl('/tutor/profile') } },
      `tutor-reviewed.${meta.id}`,
    );
  }
}
