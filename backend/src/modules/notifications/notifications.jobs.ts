import { defineJobs } from '../../infra/queue/job-registry.js';

/** Notifications' own queue: the batched emails of chat messages missed while away. */
export const NOTIFICATIONS_QUEUE = 'notifications';

declare module '../../infra/queue/job-registry.js' {
  interface JobPayloads {
    /**
     * The end of a 15-minute window in which someone away was sent messages in one conversation: if they are still
     * unread (and the recipient still away), one email and one notice for all of them. The job id names the
     * conversation, the recipient and the window (`chat-unread.<conversationId>.<recipientId>.<window>`), so every
     * message of the window adds nothing and at most one email per conversation leaves every 15 minutes.
     */
    'notifications.chat-unread': { conversationId: string; recipientId: string; window: number };
  }
}

defineJobs(NOTIFICATIONS_QUEUE, ['notifications.chat-unread']);
