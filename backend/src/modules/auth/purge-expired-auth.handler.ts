import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import { OnJob } from '../../infra/queue/on-job.decorator.js';
import { AUTH_JOBS_QUEUE } from './auth.jobs.js';
import { AuthRepository, type PurgeCounts } from './auth.repository.js';

/** Advisory lock key of the auth purge: one purge at a time across every worker instance. */
export const PURGE_EXPIRED_AUTH_LOCK = 7215002;

export type PurgeResult = ({ skipped: false } & PurgeCounts) | { skipped: true };

/**
 * `maintenance.purge-expired-auth` (repeatable, see auth.jobs.ts) deletes authentication rows nobody can
 * use any more. Runs in one transaction behind a Postgres advisory lock, and skips when another worker holds
 * it; a second run finds nothing left to delete.
 */
@Injectable()
export class PurgeExpiredAuthHandler {
  private readonly logger = new Logger(PurgeExpiredAuthHandler.name);

  constructor(
    private readonly repository: AuthRepository,
    private readonly clock: Clock,
  ) {}

  @OnJob({ name: 'maintenance.purge-expired-auth', queue: AUTH_JOBS_QUEUE })
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
