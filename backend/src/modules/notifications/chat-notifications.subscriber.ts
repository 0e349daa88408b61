import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import { CHAT_MAIL_WINDOW_MS } from '@redpen/shared/notifications';
import { ChatService } from '../chat/chat.service.js';
import { NotificationsService } from './notifications.service.js';
import './notifications.jobs.js';
import { Recipients } from './recipients.service.js';

const EXCERPT_LENGTH = 200;

/**
 * Chat's notices: a moderation warning is emailed to the person warned (template: chat.mails.ts), once per
 * resolution; messages sent to someone away are batched into at most one email (and one notice) per conversation
 * per 15 minutes: each missed message schedules the job of its 15-minute window (a deterministic id, so the
 * window's other messages add nothing), which runs when the window ends.
 */
@Injectable()
export class ChatNotifications {
  constructor(
    private readonly to: Recipients,
    private readonly notices: NotificationsService,
    private readonly chat: ChatService,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  @OnEvent('chat.warningIssued')
  async warned(event: DomainEventPayloads['chat.warningIssued'], { tx }: EventContext): Promise<void> {
    const [person] = await this.to.people([event.userId], tx);
    if (!person) return;
    await this.to.mail({ to: person.email, template: 'chat.warning', data: { name: person.name, note: event.note }, replyTo: this.to.supportEmail }, `chat-warning.${event.resolutionId}`);
  }

  @OnEvent('chat.messageMissed')
  async missed(event: DomainEventPayloads['chat.messageMissed'], { event: meta }: EventContext): Promise<void> {
    // The app's clock when the message was recorded (the tests' FakeClock moves it), not the database's.
    const window = Math.floor(meta.occurredAt.getTime() / CHAT_MAIL_WINDOW_MS);
    const endsAt = (window + 1) * CHAT_MAIL_WINDOW_MS;
    await this.jobs.enqueue(
      'notifications.chat-unread',
      { conversationId: event.conversationId, recipientId: event.recipientId, window },
      { jobId: chatUnreadJobId(event.conversationId, event.recipientId, window), delayMs: Math.max(1, endsAt - this.clock.now().getTime()) },
    );
  }

  /** The window ended: one email and one notice for what is still unread, unless the recipient came back. */
  async sendUnread(job: { conversationId: string; recipientId: string; window: number }): Promise<{ sent: boolean; reason?: string }> {
    const unread = await this.chat.unreadFor(job.conversationId, job.recipientId);
    if (!unread) return { sent: false, reason: 'read' };
    if (await this.chat.isOnline(job.recipientId)) return { sent: false, reason: 'online' };
    const [recipient, sender] = await this.to.people([job.recipientId, unread.latest.sender]).then((people) => [
      people.find((p) => p.id === job.recipientId),
      people.find((p) => p.id === unread.latest.sender),
    ]);
    if (!recipient) return { sent: false, reason: 'gone' };
    const senderName = sender?.name ?? (unread.side === 'student' ? 'Your tutor' : 'Your student');
    const path = unread.side === 'student' ? '/student/chats' : '/tutor/chats';
    const excerpt = unread.latest.content.length > EXCERPT_LENGTH ? `${unread.latest.content.slice(0, EXCERPT_LENGTH - 1)}…` : unread.latest.content;
    const key = chatUnreadJobId(job.conversationId, job.recipientId, job.window);
    const sent = await this.notices.notify({
      userId: recipient.id,
      kind: 'chat_message',
      title: unread.count === 1 ? `New message from ${senderName}` : `${unread.count} new messages from ${senderName}`,
      body: excerpt,
      path,
      essayId: unread.latest.essayId,
      key,
      mail: { to: recipient.email, template: 'chat.unread', data: { name: recipient.name, senderName, count: unread.count, excerpt, chatsUrl: this.to.webUrl(path) } },
    });
    return sent ? { sent } : { sent, reason: 'muted' };
  }
}

export const chatUnreadJobId = (conversationId: string, recipientId: string, window: number) => `chat-unread.${conversationId}.${recipientId}.${window}`;
