import type { AppConfig } from '../../config/env.schema.js';

/**
 * The one registry of background work: stable job names (never class names: renaming a class must not orphan
 * delayed jobs already in Redis) mapped to their queue and payload type. It names no module's jobs: each module
 * contributes its own from its `<module>.jobs.ts`, in two halves that live side by side:
 *
 *   declare module '../../infra/queue/job-registry.js' {
 *     interface JobPayloads { 'essay.wordcount.expire': { essayId: string } }   // the payload type (declaration merging)
 *   }
 *   defineJobs('essays', ['essay.wordcount.expire']);                          // the queue (at import time)
 *
 * Enqueueing is typed against JobPayloads; each name is served by one `@OnJob` method, and start-up fails when a
 * registered name has no handler, or two, or a handler serves a name nobody registered.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, module by module
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string;
export type QueueName = string;

/** The queues infra itself uses: mail, and the housekeeping jobs any module may put on `maintenance`. */
export const QUEUES = { mail: 'mail', maintenance: 'maintenance' } as const;

const jobQueues = new Map<string, QueueName>();
const schedulers = new Map<string, JobScheduler>();

/** Registers `names` on `queue`. Called once per module, when its jobs file is imported. */
export function defineJobs<N extends JobName>(queue: QueueName, names: readonly N[]): void {
  for (const name of names) {
    const known = jobQueues.get(name);
    if (known && known !== queue) throw new Error(`Job "${name}" is registered on "${known}" and "${queue}"`);
    jobQueues.set(name, queue);
  }
}

/** Name → queue of every registered job (a snapshot). */
export function registeredJobs(): Readonly<Record<string, QueueName>> {
  return Object.fromEntries(jobQueues);
}

/** Every queue some registered job runs on, sorted (producers and Bull Board create them all). */
export function registeredQueues(): QueueName[] {
  return [...new Set([QUEUES.mail, QUEUES.maintenance, ...jobQueues.values()])].sort();
}

export function queueOf(name: JobName): QueueName {
  const queue = jobQueues.get(name);
  if (!queue) throw new Error(`Job "${name}" is not registered: call defineJobs() in its module's jobs file`);
  return queue;
}

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

/** Registers a repeatable job (from the module's jobs file, beside its defineJobs). */
export function defineScheduler<N extends JobName>(scheduler: JobScheduler<N>): void {
  schedulers.set(scheduler.id, scheduler as unknown as JobScheduler);
}

export function registeredSchedulers(): readonly JobScheduler[] {
  return [...schedulers.values()];
}

/** Jobs one worker runs at once, per queue (default 1): mail waits on SMTP, so it overlaps a few sends. */
export const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { mail: 5 };

/** Default retry policy per queue: transient failures (SMTP, S3) retry with exponential backoff. */
export const QUEUE_DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
