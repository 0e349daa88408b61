import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';

/** The label of a request that matched no route (a 404): never its URL, which a client chose. */
export const UNMATCHED_ROUTE = 'unmatched';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Longest a scrape waits on Redis or PostgreSQL for a gauge: a dependency that is down leaves it out instead of hanging the scrape. */
export const COLLECT_TIMEOUT_MS = 2_000;

export interface HttpLabels {
  method: string;
  route: string;
  status_class: string;
}

/**
 * The labels of one answered request: the method (an unknown one is `OTHER`), the route's template as the router
 * matched it (`/api/essays/:id`, never the URL, so no id, query or user data reaches a label) or `unmatched`, and
 * the status class (`2xx`…`5xx`). A fixed, small set of series whatever clients send.
 */
export function httpLabels(method: string, routeTemplate: string | undefined, statusCode: number): HttpLabels {
  const statusClass = statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : 'other';
  return { method: KNOWN_METHODS.has(method) ? method : 'OTHER', route: routeTemplate || UNMATCHED_ROUTE, status_class: statusClass };
}

/** Settles with `work`'s answer, or undefined when it fails or takes longer than `ms`. */
async function within<T>(work: () => Promise<T>, ms = COLLECT_TIMEOUT_MS): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export type QueueDepthSource = () => Promise<Array<{ queue: string; counts: Record<string, number> }>>;

/**
 * The process's Prometheus metrics, in a registry of its own (each application instance, tests' included, has
 * one). Infrastructure and modules register their sources here (a module never imported by infra: it hands a
 * callback): the queue depths (JobQueue), the outbox's lag (infra/events), the chat's open sockets (ChatRealtime).
 * Served only on METRICS_PORT by MetricsServer, never on the API's port.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'redpen_http_request_duration_seconds',
    help: 'HTTP requests answered by the API, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'redpen_job_duration_seconds',
    help: 'BullMQ jobs run by this process, by queue, job name and outcome (completed, failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [this.registry],
  });

  readonly chatDeliveries = new Counter({
    name: 'redpen_chat_deliveries_total',
    help: 'Chat messages handed to socket.io for delivery to their sender\'s and recipient\'s rooms',
    registers: [this.registry],
  });

  /** What the gauges read at each scrape, registered by their owners. */
  private readonly sources: {
    queueDepth?: QueueDepthSource;
    outboxOldest?: () => Promise<Date | null>;
    outboxNow: () => Date;
    openSockets?: () => number;
  } = { outboxNow: () => new Date() };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const sources = this.sources;
    new Gauge({
      name: 'redpen_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (waiting, prioritized, delayed, active, failed): the same for every process, take max by (queue, state)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const source = sources.queueDepth;
        const depths = source && (await within(source));
        for (const { queue, counts } of depths ?? []) for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
      },
    });
    new Gauge({
      name: 'redpen_outbox_lag_seconds',
      help: 'Age of the oldest domain event not yet handed to every subscriber and still retried (0 when none)',
      registers: [this.registry],
      async collect() {
        this.reset();
        const source = sources.outboxOldest;
        if (!source) return;
        const oldest = await within(source);
        if (oldest === undefined) return;
        this.set(oldest === null ? 0 : Math.max(0, (sources.outboxNow().getTime() - oldest.getTime()) / 1000));
      },
    });
    new Gauge({
      name: 'redpen_chat_open_sockets',
      help: 'Chat sockets open on this API instance',
      registers: [this.registry],
      collect() {
        this.set(sources.openSockets?.() ?? 0);
      },
    });
    // Process figures (CPU, memory, event loop lag) only where something scrapes them: a process without METRICS_PORT
    // (tests, npm start) keeps no timers for them.
    if (config.metricsPort !== null) collectDefaultMetrics({ register: this.registry });
  }

  observeHttp(method: string, routeTemplate: string | undefined, statusCode: number, seconds: number): void {
    this.httpDuration.observe(httpLabels(method, routeTemplate, statusCode), seconds);
  }

  /** Runs one job and records how long it took and whether it threw (the error goes on to BullMQ). */
  async timeJob<T>(queue: string, job: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobDuration.startTimer({ queue, job });
    try {
      const result = await run();
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  }

  trackQueueDepth(source: QueueDepthSource): void {
    this.sources.queueDepth = source;
  }

  /** `oldest`: when the oldest undispatched event occurred (null: none); `now` the application's clock. */
  trackOutboxLag(oldest: () => Promise<Date | null>, now: () => Date): void {
    this.sources.outboxOldest = oldest;
    this.sources.outboxNow = now;
  }

  trackOpenSockets(count: () => number): void {
    this.sources.openSockets = count;
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
