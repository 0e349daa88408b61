import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { formatPounds } from '@redpen/shared/pricing';
import { Recipients } from './recipients.service.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];
type Person = { id: string; name: string; email: string };
/** What every session event carries (tutoring.events.ts `SessionRef`). */
type SessionRef = Payload<'session.expired'>;

/**
 * Every email that follows a session's event (templates: tutoring.mails.ts): the booking with its `.ics` invite, the
 * cancellation with the `.ics` CANCEL of the same UID, the reminders, and the request to rate a session that ended. Both sides are told, each under a job id
 * naming the session and the moment, so a replayed event sends nothing twice.
 */
@Injectable()
export class TutoringNotifications {
  constructor(
    private readonly to: Recipients,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnEvent('session.confirmed')
  async confirmed(event: Payload<'session.confirmed'>, { tx }: EventContext): Promise<void> {
    const pair = await this.pair(event, tx);
    if (!pair) return;
    for (const [me, other, side] of sides(pair)) {
      const invite = this.invite(event, 'REQUEST', event.meetingLink, event.paidAt, me, other);
      await this.to.mail(
        { to: me.email, template: 'tutoring.session-confirmed', data: { ...this.common(event, me, other, side, event.meetingLink), invite } },
        `session-confirmed.${event.sessionId}.${side}`,
      );
    }
  }

  @OnEvent('session.cancelled')
  async cancelled(event: Payload<'session.cancelled'>, { tx }: EventContext): Promise<void> {
    const pair = await this.pair(event, tx);
    if (!pair) return;
    for (const [me, other, side] of sides(pair)) {
      const invite = this.invite(event, 'CANCEL', null, event.cancelledAt, me, other);
      await this.to.mail(
        {
          to: me.email,
          template: 'tutoring.session-cancelled',
          data: {
            ...this.common(event, me, other, side, null),
            invite,
            cancelledBy: event.cancelledBy,
            refund: formatPounds(event.refundedPence),
            // A ban's cancellation: the other side is told why, the banned side only that our team cancelled it.
            otherAccountClosed: event.accountClosed !== undefined && event.accountClosed !== side,
          },
        },
        `session-cancelled.${event.sessionId}.${side}`,
      );
    }
  }

  @OnEvent('session.reminderDue')
  async reminder(event: Payload<'session.reminderDue'>, { tx }: EventContext): Promise<void> {
    const pair = await this.pair(event, tx);
    if (!pair) return;
    for (const [me, other, side] of sides(pair)) {
      await this.to.mail(
        { to: me.email, template: 'tutoring.session-reminder', data: { ...this.common(event, me, other, side, event.meetingLink), hoursBefore: event.hoursBefore } },
        `session-reminder-mail.${event.sessionId}.${event.hoursBefore}h.${new Date(event.startTime).getTime()}.${side}`,
      );
    }
  }

  /** The student is asked to rate the session (Rate Session on /student/interviews), once. */
  @OnEvent('session.completed')
  async completed(event: Payload<'session.completed'>, { tx }: EventContext): Promise<void> {
    const pair = await this.pair(event, tx);
    if (!pair) return;
    await this.to.mail(
      { to: pair.student.email, template: 'tutoring.session-completed', data: this.common(event, pair.student, pair.tutor, 'student', null) },
      `session-completed.${event.sessionId}.${new Date(event.endTime).getTime()}`,
    );
  }

  private async pair(event: SessionRef, tx: EventContext['tx']): Promise<{ student: Person; tutor: Person } | undefined> {
    const people = await this.to.people([event.studentId, event.tutorId], tx);
    const student = people.find((p) => p.id === event.studentId);
    const tutor = people.find((p) => p.id === event.tutorId);
    return student && tutor ? { student, tutor } : undefined;
  }

  private common(event: SessionRef, me: Person, other: Person, side: 'student' | 'tutor', meetingLink: string | null) {
    return {
      name: me.name,
      otherName: other.name,
      side,
      purpose: event.purpose,
      startTime: event.startTime,
      endTime: event.endTime,
      meetingLink,
      sessionsUrl: this.to.webUrl(side === 'student' ? '/student/interviews' : '/tutor/interviews'),
    };
  }

  /**
   * The calendar entry's facts for one side; the template writes the `.ics` (stable UID per session). Organised by
   * the no-reply address; the recipient's own address is the only one in it (session-invite.ts).
   */
  private invite(event: SessionRef, method: 'REQUEST' | 'CANCEL', meetingLink: string | null, stampedAt: string, me: Person, other: Person) {
    return {
      sessionId: event.sessionId,
      method,
      purpose: event.purpose,
      startTime: event.startTime,
      endTime: event.endTime,
      meetingLink,
      stampedAt,
      organizerEmail: this.config.mail.from,
      recipient: { name: me.name, email: me.email },
      otherName: other.name,
    };
  }
}

function sides(pair: { student: Person; tutor: Person }): [Person, Person, 'student' | 'tutor'][] {
  return [
    [pair.student, pair.tutor, 'student'],
    [pair.tutor, pair.student, 'tutor'],
  ];
}
