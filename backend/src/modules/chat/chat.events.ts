/**
 * Chat's moderation, as other modules hear of it (docs/architecture.md "Domain events"): recorded with the
 * resolution; Notifications emails the warning (chat.mails.ts).
 */
declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** An admin warned a participant of a conversation about their conduct. */
    'chat.warningIssued': { userId: string; resolutionId: string; note: string | null; at: string };
  }
}

export {};
