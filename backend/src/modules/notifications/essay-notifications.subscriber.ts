import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ukDateTime } from '@redpen/shared/dates';
import { formatPounds } from '@redpen/shared/pricing';
import { NotificationsService } from './notifications.service.js';
import { Recipients } from './recipients.service.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];
const ms = (iso: string) => new Date(iso).getTime();
const when = (iso: string) => ukDateTime(new Date(iso));

/** The pages each side acts on (the web app's routes). */
const essayPages = {
  student: (essayId: string) => `/student/essay/${essayId}`,
  tutorMarking: (essayId: string) => `/tutor/essay-feedback/${essayId}`,
  tutorReviews: '/tutor/essay-feedback',
  pool: '/tutor/essay-pool',
};

/**
 * Every notice that follows an essay's event: whose turn it is now, told to that person by email (with a button to
 * the page where they act), in their notification list and live on any open page; and every event refreshes the
 * essay's page on both sides (`essayChanged`). The templates are the essays module's (essays.mails.ts). Each notice's
 * key names the event's moment (acceptance, completion, request), so a replayed event sends nothing twice and a
 * later round of the same essay (accepted again, marked again) gets notices of its own.
 */
@Injectable()
export class EssayNotifications {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly to: Recipients,
    private readonly notices: NotificationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A tutor accepted: the student agrees the word count with them and pays. */
  @OnEvent('essay.accepted')
  async accepted(event: Payload<'essay.accepted'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const people = await this.to.people([event.studentId, event.tutorId], tx);
    const student = people.find((p) => p.id === event.studentId);
    if (!student) return;
    const tutorName = people.find((p) => p.id === event.tutorId)?.name ?? 'A tutor';
    const path = essayPages.student(event.essayId);
    const discussionEndsBy = event.discussionEndsAt ? when(event.discussionEndsAt) : null;
    await this.notices.notify(
      {
        userId: student.id,
        kind: 'essay_accepted',
        title: `A tutor accepted "${event.title}"`,
        body: discussionEndsBy ? `Agree the word count with ${tutorName} and pay by ${discussionEndsBy}.` : `Agree the word count with ${tutorName}, then pay.`,
        path,
        essayId: event.essayId,
        key: `essay-accepted.${event.essayId}.${ms(event.acceptedAt)}`,
        mail: { to: student.email, template: 'essays.accepted', data: { name: student.name, title: event.title, tutorName, discussionEndsBy, essayUrl: this.to.webUrl(path) } },
      },
      tx,
    );
  }

  /** The tutor confirmed the count: the student pays (about money: always sent). */
  @OnEvent('essay.wordCountConfirmed')
  async wordCountConfirmed(event: Payload<'essay.wordCountConfirmed'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const [student] = await this.to.people([event.studentId], tx);
    if (!student) return;
    const path = essayPages.student(event.essayId);
    const price = formatPounds(event.pricePence);
    const payBy = when(event.discussionEndsAt);
    await this.notices.notify(
      {
        userId: student.id,
        kind: 'payment_due',
        title: `Word count confirmed for "${event.title}": please pay`,
        body: `${event.wordCount} words, ${price}. Pay by ${payBy} to start the marking.`,
        path,
        essayId: event.essayId,
        key: `essay-payment-due.${event.essayId}.${ms(event.acceptedAt)}.${event.pricePence}`,
        mail: { to: student.email, template: 'essays.payment-due', data: { name: student.name, title: event.title, wordCount: event.wordCount, price, payBy, essayUrl: this.to.webUrl(path) } },
      },
      tx,
    );
  }

  /** The student paid: the tutor marks, by the deadline (always sent). */
  @OnEvent('essay.paid')
  async paid(event: Payload<'essay.paid'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    const path = essayPages.tutorMarking(event.essayId);
    const dueBy = event.markingDueBy ? when(event.markingDueBy) : 'the marking deadline';
    await this.notices.notify(
      {
        userId: tutor.id,
        kind: 'marking_due',
        title: `"${event.title}" is paid: start marking`,
        body: `Return your feedback by ${dueBy}.`,
        path,
        essayId: event.essayId,
        key: `essay-marking-due.${event.essayId}.${ms(event.paidAt)}`,
        mail: { to: tutor.email, template: 'essays.marking-due', data: { name: tutor.name, title: event.title, dueBy, essayUrl: this.to.webUrl(path) } },
      },
      tx,
    );
  }

  @OnEvent('essay.returnedToPool')
  async returnedToPool(event: Payload<'essay.returnedToPool'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    // A cancelled review is the tutor's own doing: only the student is told. An expiry tells both.
    const ids = event.reason === 'expired' ? [event.studentId, event.tutorId] : [event.studentId];
    const at = ms(event.acceptedAt);
    for (const person of await this.to.people(ids, tx)) {
      const side = person.id === event.studentId ? 'student' : 'tutor';
      const path = side === 'student' ? essayPages.student(event.essayId) : essayPages.pool;
      await this.notices.notify(
        {
          userId: person.id,
          kind: 'essay_returned',
          title: `"${event.title}" is back in the essay pool`,
          body:
            side === 'tutor'
              ? 'The 24 hours to agree the word count ran out before the student paid.'
              : event.reason === 'expired'
                ? 'The 24 hours to agree the word count and pay ran out; another tutor can accept it. Nothing was charged.'
                : 'Your tutor can no longer review it; another tutor can accept it. Nothing was charged.',
          path,
          essayId: event.essayId,
          key: `essay-returned.${event.essayId}.${at}.${side}`,
          mail: { to: person.email, template: 'essays.returned-to-pool', data: { name: person.name, title: event.title, side, reason: event.reason, url: this.to.webUrl(path) } },
        },
        tx,
      );
    }
  }

  /** The student cancelled an essay a tutor held (refunded when paid): the tutor is freed. */
  @OnEvent('essay.cancelled')
  async cancelled(event: Payload<'essay.cancelled'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    if (!event.tutorId) return;
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    await this.notices.notify(
      {
        userId: tutor.id,
        kind: 'essay_returned',
        title: `"${event.title}" was cancelled by the student`,
        body: event.refunded ? 'The student cancelled and was refunded: there is nothing more to mark.' : 'The student cancelled it before paying: you no longer hold it.',
        path: essayPages.pool,
        essayId: event.essayId,
        key: `essay-cancelled.${event.essayId}`,
        mail: { to: tutor.email, template: 'essays.cancelled-by-student', data: { name: tutor.name, title: event.title, refunded: event.refunded, poolUrl: this.to.webUrl(essayPages.pool) } },
      },
      tx,
    );
  }

  /** Marked: the student reads the feedback (or the revised feedback). */
  @OnEvent('essay.completed')
  async marked(event: Payload<'essay.completed'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const [student] = await this.to.people([event.studentId], tx);
    if (!student) return;
    const path = essayPages.student(event.essayId);
    const essayUrl = this.to.webUrl(path);
    const base = { userId: student.id, path, essayId: event.essayId };
    await this.notices.notify(
      event.revision
        ? {
            ...base,
            kind: 'revision_delivered',
            title: `The revised feedback on "${event.title}" is ready`,
            body: `Scored ${event.score} out of 10. Accept it if you are happy, so your tutor can be paid.`,
            key: `essay-marked.${event.essayId}.${ms(event.completedAt)}`,
            mail: { to: student.email, template: 'essays.revision-delivered', data: { name: student.name, title: event.title, score: event.score, essayUrl } },
          }
        : {
            ...base,
            kind: 'feedback_ready',
            title: `Your feedback on "${event.title}" is ready`,
            body: `Scored ${event.score} out of 10. Accept it, or ask for a revision within 7 days.`,
            key: `essay-marked.${event.essayId}.${ms(event.completedAt)}`,
            mail: { to: student.email, template: 'essays.marked', data: { name: student.name, title: event.title, score: event.score, essayUrl } },
          },
      tx,
    );
  }

  /** A revision is due from the tutor (a deadline: always sent). */
  @OnEvent('essay.revisionRequested')
  async revisionRequested(event: Payload<'essay.revisionRequested'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    const path = essayPages.tutorMarking(event.essayId);
    const dueBy = when(event.dueBy);
    await this.notices.notify(
      {
        userId: tutor.id,
        kind: 'revision_requested',
        title: `A revision of "${event.title}" was requested`,
        body: `Please mark it again by ${dueBy}.`,
        path,
        essayId: event.essayId,
        key: `revision-requested.${event.essayId}.${ms(event.requestedAt)}`,
        mail: { to: tutor.email, template: 'essays.revision-requested', data: { name: tutor.name, title: event.title, dueBy, essayUrl: this.to.webUrl(path) } },
      },
      tx,
    );
  }

  /** The student accepted the feedback: the tutor can be paid (about money: always sent). */
  @OnEvent('essay.feedbackAccepted')
  async feedbackAccepted(event: Payload<'essay.feedbackAccepted'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    await this.notices.notify(
      {
        userId: tutor.id,
        kind: 'payout_ready',
        title: `Your feedback on "${event.title}" was accepted: you can be paid`,
        body: 'The review is final. Choose Get Paid.',
        path: essayPages.tutorReviews,
        essayId: event.essayId,
        key: `feedback-accepted.${event.essayId}`,
        mail: { to: tutor.email, template: 'essays.feedback-accepted', data: { name: tutor.name, title: event.title, reviewsUrl: this.to.webUrl(essayPages.tutorReviews) } },
      },
      tx,
    );
  }

  @OnEvent('essay.markingOverdue')
  async markingOverdue(event: Payload<'essay.markingOverdue'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    await this.tellLate(event, 'essays.marking-overdue', `essay-overdue.${event.essayId}`, tx);
    this.logger.warn(`essay ${event.essayId}: not marked by its deadline`);
  }

  @OnEvent('essay.revisionOverdue')
  async revisionOverdue(event: Payload<'essay.revisionOverdue'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    await this.tellLate(event, 'essays.revision-overdue', `revision-overdue.${event.essayId}.${ms(event.requestedAt)}`, tx);
    this.logger.warn(`essay ${event.essayId}: the requested revision is overdue`);
  }

  @OnEvent('essay.payoutEligible')
  async payoutEligible(event: Payload<'essay.payoutEligible'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId, event.tutorId], meta.name);
    const [tutor] = await this.to.people([event.tutorId], tx);
    if (!tutor) return;
    // The other way to be paid (48 h after the completion, unaccepted): the same kind as an acceptance, always sent.
    const amount = formatPounds(event.tutorEarningsPence);
    await this.notices.notify(
      {
        userId: tutor.id,
        kind: 'payout_ready',
        title: `You can now be paid for "${event.title}"`,
        body: `${amount} is ready. Choose Get Paid.`,
        path: essayPages.tutorReviews,
        essayId: event.essayId,
        key: `payout-eligible-mail.${event.essayId}.${ms(event.completedAt)}`,
        mail: { to: tutor.email, template: 'essays.payout-eligible', data: { name: tutor.name, title: event.title, amount, reviewsUrl: this.to.webUrl(essayPages.tutorReviews) } },
      },
      tx,
    );
  }

  @OnEvent('essay.revisionWindowClosed')
  async revisionWindowClosed(event: Payload<'essay.revisionWindowClosed'>, { tx, event: meta }: EventContext): Promise<void> {
    this.notices.essayChanged(event.essayId, [event.studentId], meta.name);
    const [student] = await this.to.people([event.studentId], tx);
    if (!student) return;
    await this.to.mail(
      { to: student.email, template: 'essays.revision-window-closed', data: { name: student.name, title: event.title, essayUrl: this.to.webUrl(essayPages.student(event.essayId)) } },
      `revision-window-mail.${event.essayId}.${ms(event.completedAt)}`,
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
    // The student's mail invites them to contact support: a reply reaches it.
    if (student) {
      await this.to.mail(
        { to: student.email, template, data: { ...data, name: student.name, side: 'student', essayUrl: this.to.webUrl(essayPages.student(event.essayId)) }, replyTo: this.config.mail.supportEmail },
        `${jobIdPrefix}.student`,
      );
    }
    await this.to.mail({ to: this.config.mail.supportEmail, template, data: { ...data, name: 'Redpen team', side: 'admin' } }, `${jobIdPrefix}.admin`);
  }
}
