import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Clock } from '../../infra/clock/clock.service.js';
import { onJobOptions } from '../../infra/queue/on-job.decorator.js';
import type { AuthRepository, PurgeCounts } from './auth.repository.js';
import { PURGE_EXPIRED_AUTH_LOCK, PurgeExpiredAuthHandler } from './purge-expired-auth.handler.js';

const NOW = new Date('2030-01-01T00:00:00Z');

function setup(lockFree = true) {
  const tx = { tx: true };
  const counts: PurgeCounts = { verificationCodes: 2, resetTokens: 1, sessions: 3 };
  const repository = {
    transaction: jest.fn(async (work: (t: unknown) => Promise<unknown>) => work(tx)),
    tryAdvisoryXactLock: jest.fn(async (_key: number, _tx: unknown) => lockFree),
    purgeExpired: jest.fn(async (_now: Date, _tx: unknown) => counts),
  };
  const clock = { now: () => NOW } as Clock;
  const handler = new PurgeExpiredAuthHandler(repository as unknown as AuthRepository, clock);
  return { handler, repository, tx, counts };
}

describe('PurgeExpiredAuthHandler', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('serves maintenance.purge-expired-auth on the maintenance queue', () => {
    expect(onJobOptions(PurgeExpiredAuthHandler.prototype.purgeExpiredAuth)).toEqual({ name: 'maintenance.purge-expired-auth', queue: 'maintenance' });
  });

  it('purges inside one transaction behind the advisory lock, and can run twice', async () => {
    const { handler, repository, tx, counts } = setup();
    for (let run = 0; run < 2; run++) {
      expect(await handler.purgeExpiredAuth()).toEqual({ skipped: false, ...counts });
    }
    expect(repository.transaction).toHaveBeenCalledTimes(2);
    expect(repository.tryAdvisoryXactLock).toHaveBeenCalledWith(PURGE_EXPIRED_AUTH_LOCK, tx);
    expect(repository.purgeExpired).toHaveBeenCalledWith(NOW, tx);
  });

  it('skips when another worker holds the lock', async () => {
    const { handler, repository } = setup(false);
    expect(await handler.purgeExpiredAuth()).toEqual({ skipped: true });
    expect(repository.purgeExpired).not.toHaveBeenCalled();
  });
});
