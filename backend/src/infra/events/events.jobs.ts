import { defineJobs, defineScheduler, QUEUES } from '../queue/job-registry.js';

declare module '../queue/job-registry.js' {
  interface JobPayloads {
    /** Dispatches domain events a crash or a failing subscriber left in the outbox (DomainEvents.relay). */
    'maintenance.relay-events': Record<string, never>;
  }
}

export const EVENTS_QUEUE = QUEUES.maintenance;
/** How often the relay looks for undispatched events: the longest a crash can delay a side effect. */
export const RELAY_EVERY_MS = 15_000;

defineJobs(EVENTS_QUEUE, ['maintenance.relay-events']);
defineScheduler({ id: 'relay-events', name: 'maintenance.relay-events', payload: {}, everyMs: () => RELAY_EVERY_MS });
