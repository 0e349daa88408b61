// Two job names on one queue, served by two handlers of a test-only module registered exactly as feature
// handlers are (`@OnJob`, found by discovery). Each handler counts the jobs it ran in Redis, so a test can
// tell that every job ran once, in the handler of its own name, and in which process.
import { Inject, Injectable, Module } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { defineJobs } from '../../src/infra/queue/job-registry.js';
import { OnJob } from '../../src/infra/queue/on-job.decorator.js';
import { REDIS } from '../../src/infra/redis/redis.module.js';

export const TWO_JOBS = { alpha: 'test.two-jobs.alpha', beta: 'test.two-jobs.beta' } as const;
export const TWO_JOBS_QUEUE = 'maintenance';

// Registered as a module registers its own jobs (docs/architecture.md "Jobs").
declare module '../../src/infra/queue/job-registry.js' {
  interface JobPayloads {
    'test.two-jobs.alpha': TwoJobsData;
    'test.two-jobs.beta': TwoJobsData;
  }
}
defineJobs(TWO_JOBS_QUEUE, [TWO_JOBS.alpha, TWO_JOBS.beta]);

export interface TwoJobsData {
  run: string;
  kind: 'alpha' | 'beta';
  n: number;
}

/** Keys of one run: `<run>:<handler>` counts runs per `<kind>.<n>`; `<run>:<handler>:pids` the processes. */
export const twoJobsKeys = (run: string, handler: 'alpha' | 'beta') => ({ counts: `test:two-jobs:${run}:${handler}`, pids: `test:two-jobs:${run}:${handler}:pids` });

@Injectable()
export class TwoJobsHandler {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  @OnJob({ name: TWO_JOBS.alpha, queue: TWO_JOBS_QUEUE })
  async alpha(job: Job<TwoJobsData>): Promise<void> {
    await this.record('alpha', job);
  }

  @OnJob({ name: TWO_JOBS.beta, queue: TWO_JOBS_QUEUE })
  async beta(job: Job<TwoJobsData>): Promise<void> {
    await this.record('beta', job);
  }

  private async record(handler: 'alpha' | 'beta', job: Job<TwoJobsData>): Promise<void> {
    const keys = twoJobsKeys(job.data.run, handler);
    await this.redis.multi().hincrby(keys.counts, `${job.data.kind}.${job.data.n}`, 1).sadd(keys.pids, String(process.pid)).exec();
  }
}

@Module({ providers: [TwoJobsHandler] })
export class TwoJobsModule {}
