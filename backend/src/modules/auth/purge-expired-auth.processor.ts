import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Clock } from '../../infra/clock/clock.service.js';
import { QUEUES, type JobName } from '../../infra/queue/job-registry.js';
import { AuthRepository, type PurgeCounts } from './auth.repository.js';

/** Advisory lock key of the auth purge: one purge at a time across every worker instance. */
export const PURGE_EXPIRED_AUTH_LOCK = 7215002;

export type PurgeResult = ({ skipped: false } & PurgeCounts) | { skipped: true };

/**
 * Sweeper of the `maintenance` queue: `maintenance.purge-expired-auth` (repeatable, see JOB_SCHEDULERS)
 * deletes authentication rows nobody can use any more. Runs in one transaction behind a Postgres advisory
 * lock, and skips when another worker holds it; a second run finds nothing left to delete.
 */
@Processor(QUEUES.maintenance)
export class PurgeExpiredAuthProcessor extends WorkerHost {
  static readonly handles: readonly JobName[] = ['maintenance.purge-expired-auth'];
  private readonly logger = new Logger(PurgeExpiredAuthProcessor.name);

  constructor(
    private readonly repository: AuthRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  /** Every job of the `maintenance` queue arrives here: dispatch by name, and fail loudly on a stranger. */
  async process(job: Job<unknown, unknown, string>): Promise<PurgeResult> {
    switch (job.name) {
      case 'maintenance.purge-expired-auth':
        return this.purgeExpiredAuth();
      default:
        throw new Error(`${PurgeExpiredAuthProcessor.name} cannot handle job "${job.name}" (id ${job.id})`);
    }
  }

  async purgeExpiredAuth(): Promise<PurgeResult> {
    const result = await this.repository.transaction(async (tx): Promise<PurgeResult> => {
      if (!(await this.repository.tryAdvisoryXactLock(PURGE_EXPIRED_AUTH_LOCK, tx))) return { skipped: true };
      return { skipped: false, ...(await this.repository.purgeExpired(this.clock.now(), tx)) };
    });
    if (result.skipped) this.logger.log('purge of expired auth rows skipped: another worker holds the lock');
    else this.logger.log(`purged ${result.verificationCodes} codes, ${result.resetTokens} reset tokens, ${result.sessions} sessions`);
    return result;
  }
}
