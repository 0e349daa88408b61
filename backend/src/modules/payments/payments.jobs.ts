import { defineJobs, defineScheduler, QUEUES } from '../../infra/queue/job-registry.js';

declare module '../../infra/queue/job-registry.js' {
  interface JobPayloads {
    /** Settles checkouts left pending longer than an hour from the gateway's own state (a lost webhook, a closed tab). */
    'maintenance.settle-stale-checkouts': Record<string, never>;
  }
}

export const PAYMENTS_JOBS_QUEUE = QUEUES.maintenance;

defineJobs(PAYMENTS_JOBS_QUEUE, ['maintenance.settle-stale-checkouts']);
defineScheduler({ id: 'settle-stale-checkouts', name: 'maintenance.settle-stale-checkouts', payload: {}, everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000 });
