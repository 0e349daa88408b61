import { defineJobs, defineScheduler, QUEUES } from '../../infra/queue/job-registry.js';

declare module '../../infra/queue/job-registry.js' {
  interface JobPayloads {
    /** Deletes expired codes, used or expired reset tokens and long-dead sessions (see AuthRepository.purgeExpired). */
    'maintenance.purge-expired-auth': Record<string, never>;
  }
}

export const AUTH_JOBS_QUEUE = QUEUES.maintenance;

defineJobs(AUTH_JOBS_QUEUE, ['maintenance.purge-expired-auth']);
defineScheduler({ id: 'purge-expired-auth', name: 'maintenance.purge-expired-auth', payload: {}, everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000 });
