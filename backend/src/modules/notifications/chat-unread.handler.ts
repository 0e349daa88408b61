import { Injectable } from '@nestjs/common';
import type { JobOf } from '../../infra/queue/job-handler.js';
import { OnJob } from '../../infra/queue/on-job.decorator.js';
import { ChatNotifications } from './chat-notifications.subscriber.js';
import { NOTIFICATIONS_QUEUE } from './notifications.jobs.js';

/** `notifications.chat-unread`: the end of a chat window (notifications.jobs.ts); safe to run twice (the notice's key). */
@Injectable()
export class ChatUnreadHandler {
  constructor(private readonly chat: ChatNotifications) {}

  @OnJob({ name: 'notifications.chat-unread', queue: NOTIFICATIONS_QUEUE })
  async send(job: JobOf<'notifications.chat-unread'>): Promise<{ sent: boolean; reason?: string }> {
    return this.chat.sendUnread(job.data);
  }
}
