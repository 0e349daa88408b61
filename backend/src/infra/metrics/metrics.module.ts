import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../queue/job-queue.service.js';
import { MetricsServer } from './metrics-server.js';
import { Metrics } from './metrics.service.js';

/** The states whose counts a queue's depth reports. */
const QUEUE_STATES = ['waiting', 'prioritized', 'delayed', 'active', 'failed'] as const;

/** Prometheus metrics (Metrics, for every module to record into) and their server on METRICS_PORT. */
@Global()
@Module({ providers: [Metrics, MetricsServer], exports: [Metrics] })
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.metrics.trackQueueDepth(() =>
      Promise.all(this.jobs.all().map(async (queue) => ({ queue: queue.name, counts: await queue.getJobCounts(...QUEUE_STATES) }))),
    );
  }
}
