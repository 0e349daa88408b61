import type { AppConfig } from '../../config/env.schema.js';
import type { MailJobData } from '../mail/mail.types.js';

/**
 * The one registry of background work: stable job names (never class names: renaming a class must not
 * orphan delayed jobs already in Redis) mapped to their queue and payload type. Enqueueing is typed
 * against it; each name is served by one `@OnJob` method, and start-up fails when a name has no handler,
 * or two. The queues below are the ones the app creates (producers, Bull Board) and runs workers on; a queue is
 * added with its first job (tutoring brings its own).
 */
export const QUEUES = {
  mail: 'mail',
  essays: 'essays',
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobPayloads {
  /** Template data travels sealed (AES-256-GCM), never in clear: see MailService and JobDataSeal. */
  'mail.send': MailJobData;
  /** Deletes expired codes, used or expired reset tokens and long-dead sessions (see AuthRepository.purgeExpired). */
  'maintenance.purge-expired-auth': Record<string, never>;
  /** Settles checkouts left pending longer than an hour from the gateway's own state (a lost webhook, a closed tab). */
  'maintenance.settle-stale-checkouts': Record<string, never>;
  /** The 24 h word-count discussion of an accepted essay ran out unpaid: back to the pool (DESIGN.md §5, §9). */
  'essay.wordcount.expire': { essayId: string };
  /** The marking deadline of a paid essay passed unmarked: flag it overdue, tell the student and the admins. */
  'essay.marking.overdue': { essayId: string };
  /** A requested revision was not marked again within the marking deadline: flag it overdue, tell the student and the admins. */
  'essay.revision.overdue': { essayId: string };
  /** A completion's payout became eligible (PAYOUT_ELIGIBILITY_SECONDS later, not accepted, not revised): tell the tutor. */
  'essay.payout.eligible': { essayId: string };
  /** A completion's revision window (REVISION_WINDOW_SECONDS) closed unused: the review is final; tell the student. */
  'essay.revision-window.close': { essayId: string };
  /** Finds essays whose discussion window or marking deadline passed (a job lost with Redis) and enqueues the transition. */
  'essay.sweep-timers': Record<string, never>;
}
export type JobName = keyof JobPayloads;

export const JOB_QUEUE: { [N in JobName]: QueueName } = {
  'mail.send': QUEUES.mail,
  'maintenance.purge-expired-auth': QUEUES.maintenance,
  'maintenance.settle-stale-checkouts': QUEUES.maintenance,
  'essay.wordcount.expire': QUEUES.essays,
  'essay.marking.overdue': QUEUES.essays,
  'essay.revision.overdue': QUEUES.essays,
  'essay.payout.eligible': QUEUES.essays,
  'essay.revision-window.close': QUEUES.essays,
  'essay.sweep-timers': QUEUES.essays,
};

/**
 * Repeatable jobs, upserted by the workers at start-up under a stable scheduler id: idempotent across
 * restarts and instances (BullMQ keeps one scheduler per id). Each run only sweeps; each scheduler reads
 * its own interval from config.
 */
export interface JobScheduler<N extends JobName = JobName> {
  id: string;
  name: N;
  payload: JobPayloads[N];
  everyMs: (config: AppConfig) => number;
}

export const JOB_SCHEDULERS: readonly JobScheduler[] = [
  {
    id: 'purge-expired-auth',
    name: 'maintenance.purge-expired-auth',
    payload: {},
    everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000,
  },
  {
    id: 'settle-stale-checkouts',
    name: 'maintenance.settle-stale-checkouts',
    payload: {},
    everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000,
  },
  {
    id: 'essay-sweep-timers',
    name: 'essay.sweep-timers',
    payload: {},
    everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000,
  },
];

/** Jobs one worker runs at once, per queue (default 1): mail waits on SMTP, so it overlaps a few sends. */
export const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { mail: 5 };

/** Default retry policy per queue: transient failures (SMTP, S3) retry with exponential backoff. */
export const QUEUE_DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
