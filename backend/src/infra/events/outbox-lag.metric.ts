import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../clock/clock.service.js';
import { Metrics } from '../metrics/metrics.service.js';
import { MAX_DISPATCH_ATTEMPTS } from './domain-events.service.js';
import { EventOutboxRepository } from './event-outbox.repository.js';

/**
 * The outbox's lag for the metrics: the age of the oldest event the relay still retries. Events that exhausted
 * their attempts stay out of it (they wait for a person: the logs name them), so the gauge falls back once the
 * relay catches up.
 */
@Injectable()
export class OutboxLagMetric implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly outbox: EventOutboxRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.trackOutboxLag(() => this.outbox.oldestUndispatchedAt(MAX_DISPATCH_ATTEMPTS), () => this.clock.now());
  }
}
