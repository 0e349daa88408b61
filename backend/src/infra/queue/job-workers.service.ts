import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Worker, type Job } from 'bullmq';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { decoratedMethods } from '../discovery/decorated-methods.js';
import { Metrics } from '../metrics/metrics.service.js';
import { checkJobCoverage, dispatchJob, type JobHandler } from './job-handler.js';
import { JobQueue } from './job-queue.service.js';
import { QUEUE_CONCURRENCY, registeredJobs, registeredQueues, registeredSchedulers, type QueueName } from './job-registry.js';
import { onJobOptions } from './on-job.decorator.js';
import { forceCloseIfRedisDown } from './redis-down-shutdown.js';
import { bullConnection, QUEUE_PREFIX } from './redis-connection.js';

/** How often, at most, the workers check that the repeatable jobs are still in Redis (more often when one runs more often). */
export const SCHEDULER_CHECK_MS = 60_000;

/**
 * Consumers: one BullMQ worker per queue, dispatching each job by its name to the one `@OnJob` method that
 * serves it. Handlers are found among every provider of the application (Nest's discovery), so infra never
 * names a feature module. Start-up fails when a name of the registry has no handler, or two, or one on the
 * wrong queue; it then upserts the repeatable jobs the modules registered (defineScheduler).
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobWorkers.name);
  private readonly workers: Worker[] = [];
  private keeper?: NodeJS.Timeout;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.discoverHandlers();
    const problems = checkJobCoverage(registeredJobs(), handlers);
    const unknownQueues = handlers.filter((h) => !registeredQueues().includes(h.queue));
    problems.push(...unknownQueues.map((h) => `${h.label} takes jobs from "${h.queue}", which is not a queue of the registry`));
    if (problems.length > 0) throw new Error(`Job registry: ${problems.join('; ')}`);

    const connection = bullConnection(this.config.redis.url);
    for (const queue of registeredQueues()) {
      const routes = new Map(handlers.filter((h) => h.queue === queue).map((h) => [h.name, h]));
      if (routes.size === 0) continue;
      const run = (job: Job) => dispatchJob(routes, job);
      const metrics = this.metrics;
      const worker = new Worker(queue, metrics ? (job: Job) => metrics.timeJob(queue, routes.has(job.name) ? job.name : 'unknown', () => run(job)) : run, {
        connection,
        prefix: QUEUE_PREFIX,
        concurrency: QUEUE_CONCURRENCY[queue] ?? 1,
      });
      worker.on('failed', (job, error) => this.logger.warn(`job ${job?.name} (id ${job?.id}) failed: ${error.message}`));
      // Connection errors repeat while Redis is away; BullMQ reconnects by itself.
      worker.on('error', (error) => this.logger.debug(`worker of "${queue}": ${error.message}`));
      this.workers.push(worker);
    }

    for (const scheduler of registeredSchedulers()) {
      await this.jobs.upsertScheduler(scheduler.id, scheduler.name, scheduler.payload, scheduler.everyMs(this.config));
    }
    const checkMs = Math.min(SCHEDULER_CHECK_MS, ...registeredSchedulers().map((s) => s.everyMs(this.config)));
    this.keeper = setInterval(() => void this.restoreLostSchedulers(), checkMs);
    this.keeper.unref();
    this.logger.log(
      `workers running: ${handlers.map((h) => `${h.name} → ${h.label}`).join(', ')}; schedulers: ${registeredSchedulers().map((s) => s.id).join(', ')}`,
    );
  }

  /**
   * Before Nest closes the database and Redis clients: a worker whose Redis is down is closed by force; the
   * others close gracefully, letting their running jobs finish while the database is still there.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.keeper);
    await forceCloseIfRedisDown(this.workers);
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  /**
   * Puts back a repeatable job that Redis lost (a restart that keeps nothing on disk, a flush): without its
   * schedule the sweeper that repairs lost jobs would itself be gone until the next boot. Only missing ones are
   * created, so a live schedule is never moved. Redis away → tried again on the next round.
   */
  async restoreLostSchedulers(): Promise<string[]> {
    const restored: string[] = [];
    try {
      for (const scheduler of registeredSchedulers()) {
        if (await this.jobs.hasScheduler(scheduler.id, scheduler.name)) continue;
        await this.jobs.upsertScheduler(scheduler.id, scheduler.name, scheduler.payload, scheduler.everyMs(this.config));
        restored.push(scheduler.id);
      }
    } catch (error) {
      this.logger.debug(`schedulers not checked: ${(error as Error).message}`);
    }
    if (restored.length > 0) this.logger.warn(`restored lost schedulers: ${restored.join(', ')}`);
    return restored;
  }

  /** Queues the workers listen on (those with at least one handler). */
  queues(): QueueName[] {
    return this.workers.map((worker) => worker.name as QueueName);
  }

  private discoverHandlers(): JobHandler[] {
    return decoratedMethods(this.discovery, this.scanner, onJobOptions).map(({ metadata, label, call }) => ({
      name: metadata.name,
      queue: metadata.queue,
      label,
      run: (job: Job) => call(job),
    }));
  }
}
