/**
 * What happens to an account, as other modules hear of it (docs/architecture.md "Domain events"). Recorded by
 * UsersAdminService in the ban's own transaction: Auth ends the sessions, Chat closes the sockets on every instance,
 * Essays releases or cancels the work the user held, Payments refunds what that cancels.
 */
declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** An admin banned the user (a ban that changed nothing records nothing). */
    'user.banned': { userId: string; bannedBy: string; at: string };
  }
}

export {};
