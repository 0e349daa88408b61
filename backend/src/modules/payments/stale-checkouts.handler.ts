import { Injectable, Logger } from '@nestjs/common';
import { OnJob } from '../../infra/queue/on-job.decorator.js';
import { PAYMENTS_JOBS_QUEUE } from './payments.jobs.js';
import { PaymentsService } from './payments.service.js';

/**
 * `maintenance.settle-stale-checkouts` (repeatable, payments.jobs.ts): asks the gateway about checkouts pending for
 * over an hour and applies what it says through the usual path (paid → completed, expired → failed). Every change
 * is a guarded update, so a second run, or two workers at once, change nothing more: no lock needed.
 */
@Injectable()
export class StaleCheckoutsHandler {
  private readonly logger = new Logger(StaleCheckoutsHandler.name);

  constructor(private readonly payments: PaymentsService) {}

  @OnJob({ name: 'maintenance.settle-stale-checkouts', queue: PAYMENTS_JOBS_QUEUE })
  async settleStaleCheckouts(): Promise<{ checked: number }> {
    const result = await this.payments.settleStaleCheckouts();
    if (result.checked > 0) this.logger.log(`asked the gateway about ${result.checked} stale checkouts`);
    return result;
  }
}
