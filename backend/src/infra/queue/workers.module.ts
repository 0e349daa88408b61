import { Inject, Logger, Module, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { WorkerHost } from '@nestjs/bullmq';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { AuthRepositoryModule } from '../../modules/auth/auth-repository.module.js';
import { PurgeExpiredAuthProcessor } from '../../modules/auth/purge-expired-auth.processor.js';
import { MailProcessor } from '../mail/mail.processor.js';
import { checkJobCoverage, type JobHandlerSet } from './job-handler.js';
import { JobQueue } from './job-queue.service.js';
import { JOB_QUEUE, JOB_SCHEDULERS, type JobName } from './job-registry.js';
import { forceCloseIfRedisDown } from './redis-down-shutdown.js';

/** Every processor class; each declares the job names it handles in a static `handles`. */
export const PROCESSORS = [MailProcessor, PurgeExpiredAuthProcessor];

/**
 * Consumers. Imported by `worker.ts`, and by `main.ts` when WORKERS=inline. Start-up fails when a job
 * name of the registry has no processor or two, so a job can never sit in Redis with nobody to run it.
 * Start-up also upserts the repeatable jobs of JOB_SCHEDULERS (idempotent: one scheduler per id, whatever
 * the number of instances or restarts). The processors' own dependencies come from the imported modules.
 */
@Module({ imports: [AuthRepositoryModule], providers: [...PROCESSORS] })
export class WorkersModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkersModule.name);

  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const problems = checkJobCoverage(Object.keys(JOB_QUEUE) as JobName[], PROCESSORS as unknown as JobHandlerSet[]);
    if (problems.length > 0) throw new Error(`Job registry: ${problems.join('; ')}`);
    const everyMs = this.config.windows.sweeperIntervalSeconds * 1000;
    for (const scheduler of JOB_SCHEDULERS) await this.jobs.upsertScheduler(scheduler.id, scheduler.name, scheduler.payload, everyMs);
    this.logger.log(`workers running: ${PROCESSORS.map((p) => p.name).join(', ')}; schedulers: ${JOB_SCHEDULERS.map((s) => s.id).join(', ')}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const hosts = PROCESSORS.map((processor) => this.moduleRef.get<WorkerHost>(processor, { strict: true }));
    await forceCloseIfRedisDown(hosts.map((host) => host.worker));
  }
}
