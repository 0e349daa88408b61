/**
 * Chat's moderation, as other modules hear of it (docs/architecture.md "Domain events"): recorded with the
 * resolution; Notifications emails the warning (chat.mails.ts).
 */
declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** An admin warned a participant of a conversation about their conduct. */
    'chat.warningIssued': { userId: string; resolutionId: string; note: string | null; at: string };
    /**
     * A message was sent to someone with no socket open anywhere (not signed in with the app open): Notifications
     * batches an email (at most one per conversation per 15 minutes).
     */
    'chat.messageMissed': { messageId: string; conversationId: string; senderId: string; recipientId: string; recipientSide: 'student' | 'tutor'; sentAt: string };
  }
}

export {};
