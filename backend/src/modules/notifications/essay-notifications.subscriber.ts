import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ukDateTime } from '@redpen/shared/dates';
import { formatPounds } from '@redpen/shared/pricing';
import { Recipients } from './recipients.service.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];

/**
 * Every email that follows an essay's event (the templates are the essays module's: essays.mails.ts). Each mail job's
 * id names the event's moment (acceptance, completion, request), so a replayed event sends nothing twice and a later
 * round of the same essay (accepted again, marked again) gets mails of its own.
 */
@Injectable()
export class EssayNotifications {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly to: Recipients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnEvent('essay.returnedToPool')
  async returnedToPool(event: Payload<'essay.returnedToPool'>, { tx }: EventContext): Promise<void> {
    // A cancelled review is the tutor's own doing: only the student is told. An expiry tells both.
    const ids = event.reason === 'expired' ? [event.studentId, event.tutorId] : [event.studentId];
    const at = new Date(event.acceptedAt).getTime();
    for (const person of await this.to.people(ids, tx)) {
      const side = person.id === event.studentId ? 'student' : 'tutor';
      await this.to.mail(
        { to: person.email, template: 'essays.returned-to-pool', data: { name: person.name, title: event.title, side, reason: event.reason } },
        `essay-returned.${event.essayId}.${at}.${side}`,
      );
    }
  }

  @OnEvent('essay.completed')
  async marked(event: Payload<'essay.completed'>, { tx }: EventContext): Promise<void> {
    const [student] = await this.to.people([event.studentId], tx);
    if (!student) return;
    await this.to.mail(
      { to: student.email, template: 'essays.marked', data: { name: student.name, title: event.title, score: event.score, essayUrl: this.to.webUrl(`/student/essay/${event.essayId}`) } },
      `essay-marked.${event.essayId}.${new Date(event.completedAt).getTime()}`,
    );
  }

  @OnEvent('essay.revisionRequested')
  async revisionRequested(event: Payload<'essay.revisionRequested'>, { tx }: EventContext): Promise<void> {
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    await this.to.mail(
      {
        to: tutor.email,
        template: 'essays.revision-requested',
        data: { name: tutor.name, title: event.title, dueBy: ukDateTime(new Date(event.dueBy)), essayUrl: this.to.webUrl(`/tutor/essay-feedback/${event.essayId}`) },
      },
      `revision-requested.${event.essayId}.${new Date(event.requestedAt).getTime()}`,
    );
  }

  @OnEvent('essay.markingOverdue')
  async markingOverdue(event: Payload<'essay.markingOverdue'>, { tx }: EventContext): Promise<void> {
    await this.tellLate(event, 'essays.marking-overdue', `essay-overdue.${event.essayId}`, tx);
    this.logger.warn(`essay ${event.essayId}: not marked by its deadline`);
  }

  @OnEvent('essay.revisionOverdue')
  async revisionOverdue(event: Payload<'essay.revisionOverdue'>, { tx }: EventContext): Promise<void> {
    await this.tellLate(event, 'essays.revision-overdue', `revision-overdue.${event.essayId}.${new Date(event.requestedAt).getTime()}`, tx);
    this.logger.warn(`essay ${event.essayId}: the requested revision is overdue`);
  }

  @OnEvent('essay.payoutEligible')
  async payoutEligible(event: Payload<'essay.payoutEligible'>, { tx }: EventContext): Promise<void> {
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    await this.to.mail(
      {
        to: tutor.email,
        template: 'essays.payout-eligible',
        data: { name: tutor.name, title: event.title, amount: formatPounds(event.tutorEarningsPence), reviewsUrl: this.to.webUrl('/tutor/essay-feedback') },
      },
      `payout-eligible-mail.${event.essayId}.${new Date(event.completedAt).getTime()}`,
    );
  }

  @OnEvent('essay.revisionWindowClosed')
  async revisionWindowClosed(event: Payload<'essay.revisionWindowClosed'>, { tx }: EventContext): Promise<void> {
    const [student] = await this.to.people([event.studentId], tx);
    if (!student) return;
    await this.to.mail(
      { to: student.email, template: 'essays.revision-window-closed', data: { name: student.name, title: event.title, essayUrl: this.to.webUrl(`/student/essay/${event.essayId}`) } },
      `revision-window-mail.${event.essayId}.${new Date(event.completedAt).getTime()}`,
    );
  }

  /** Marking or a revision is late: the student and the support inbox (the admins) are told, each once. */
  private async tellLate(
    event: Payload<'essay.markingOverdue'>,
    template: 'essays.marking-overdue' | 'essays.revision-overdue',
    jobIdPrefix: string,
    tx: EventContext['tx'],
  ): Promise<void> {
    const people = await this.to.people([event.studentId, event.tutorId], tx);
    const student = people.find((p) => p.id === event.studentId);
    const tutorName = people.find((p) => p.id === event.tutorId)?.name ?? 'the tutor';
    const data = { title: event.title, essayId: event.essayId, tutorName };
    if (student) await this.to.mail({ to: student.email, template, data: { ...data, name: student.name, side: 'student' } }, `${jobIdPrefix}.student`);
    await this.to.mail({ to: this.config.mail.supportEmail, template, data: { ...data, name: 'Redpen team', side: 'admin' } }, `${jobIdPrefix}.admin`);
  }
}
