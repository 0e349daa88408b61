import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { JOB_QUEUE, QUEUES, type JobName, type JobPayloads, type QueueName } from './job-registry.js';
import { forceCloseIfRedisDown } from './redis-down-shutdown.js';

export interface EnqueueOptions {
  /**
   * Deterministic id (e.g. `wordcount-expiry.<essayId>`; BullMQ forbids `:` in ids): a second enqueue with
   * the same id is ignored while the first is still kept.
   */
  jobId?: string;
  delayMs?: number;
}

/** Typed enqueueing against the job registry; the only way application code schedules background work. */
@Injectable()
export class JobQueue implements BeforeApplicationShutdown {
  private readonly queues: Record<QueueName, Queue>;

  constructor(
    @InjectQueue(QUEUES.mail) mail: Queue,
    @InjectQueue(QUEUES.essays) essays: Queue,
    @InjectQueue(QUEUES.payouts) payouts: Queue,
    @InjectQueue(QUEUES.sessions) sessions: Queue,
    @InjectQueue(QUEUES.maintenance) maintenance: Queue,
  ) {
    this.queues = { mail, essays, payouts, sessions, maintenance };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await forceCloseIfRedisDown(Object.values(this.queues));
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    const jobOptions: JobsOptions = {};
    if (options.jobId) jobOptions.jobId = options.jobId;
    if (options.delayMs) jobOptions.delay = options.delayMs;
    await this.queues[JOB_QUEUE[name]].add(name, payload, jobOptions);
  }

  /**
   * Creates or updates a repeatable job under a stable scheduler id (BullMQ job scheduler): calling it again
   * with the same id, from a restart or another instance, replaces the schedule instead of adding a second one.
   */
  async upsertScheduler<N extends JobName>(schedulerId: string, name: N, payload: JobPayloads[N], everyMs: number): Promise<void> {
    await this.queues[JOB_QUEUE[name]].upsertJobScheduler(schedulerId, { every: everyMs }, { name, data: payload });
  }

  all(): Queue[] {
    return Object.values(this.queues);
  }
}
