import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { QUEUE_DEFAULT_JOB_OPTIONS, queueOf, registeredQueues, type JobName, type JobPayloads, type QueueName } from './job-registry.js';
import { forceCloseIfRedisDown } from './redis-down-shutdown.js';
import { bullConnection, QUEUE_PREFIX } from './redis-connection.js';

export interface EnqueueOptions {
  /**
   * Deterministic id (e.g. `wordcount-expiry.<essayId>`; BullMQ forbids `:` in ids): a second enqueue with
   * the same id is ignored while the first is still kept.
   */
  jobId?: string;
  delayMs?: number;
}

/**
 * Producers: one BullMQ queue per queue of the registry, and typed enqueueing against it. The only way
 * application code schedules background work.
 */
@Injectable()
export class JobQueue implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly queues: Record<QueueName, Queue>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const connection = bullConnection(config.redis.url);
    // Every module's jobs file has been imported by now (the application's modules are loaded before it starts).
    const entries = registeredQueues().map((name) => [
      name,
      new Queue(name, { connection, prefix: QUEUE_PREFIX, defaultJobOptions: QUEUE_DEFAULT_JOB_OPTIONS }),
    ]);
    this.queues = Object.fromEntries(entries) as Record<QueueName, Queue>;
    // Errors surface on the calls that fail (enqueue answers 5xx); the connection retries on its own.
    for (const queue of this.all()) queue.on('error', () => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await forceCloseIfRedisDown(this.all());
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.all().map((queue) => queue.close()));
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    const jobOptions: JobsOptions = {};
    if (options.jobId) jobOptions.jobId = options.jobId;
    if (options.delayMs) jobOptions.delay = options.delayMs;
    await this.queue(queueOf(name)).add(name, payload, jobOptions);
  }

  /**
   * Removes a waiting or delayed job by its deterministic id (a timer that no longer applies). A job that is running
   * or gone is left alone (BullMQ refuses to remove a locked job): handlers re-check the row anyway.
   */
  async remove<N extends JobName>(name: N, jobId: string): Promise<void> {
    await this.queue(queueOf(name)).remove(jobId);
  }

  /**
   * Creates or updates a repeatable job under a stable scheduler id (BullMQ job scheduler): calling it again
   * with the same id, from a restart or another instance, replaces the schedule instead of adding a second one.
   */
  async upsertScheduler<N extends JobName>(schedulerId: string, name: N, payload: JobPayloads[N], everyMs: number): Promise<void> {
    await this.queue(queueOf(name)).upsertJobScheduler(schedulerId, { every: everyMs }, { name, data: payload });
  }

  /** Whether the repeatable job `schedulerId` of `name`'s queue is in Redis. */
  async hasScheduler(schedulerId: string, name: JobName): Promise<boolean> {
    return (await this.queue(queueOf(name)).getJobScheduler(schedulerId)) !== undefined;
  }

  queue(name: QueueName): Queue {
    const queue = this.queues[name];
    if (!queue) throw new Error(`Queue "${name}" is not registered`);
    return queue;
  }

  all(): Queue[] {
    return Object.values(this.queues);
  }
}
