import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { AuthRepository, PurgeCounts } from './auth.repository.js';
import { PURGE_EXPIRED_AUTH_LOCK, PurgeExpiredAuthProcessor } from './purge-expired-auth.processor.js';

const NOW = new Date('2030-01-01T00:00:00Z');
const job = (name: string) => ({ name, id: '1', data: {} }) as unknown as Job<unknown, unknown, string>;

function setup(lockFree = true) {
  const tx = { tx: true };
  const counts: PurgeCounts = { verificationCodes: 2, resetTokens: 1, sessions: 3 };
  const repository = {
    transaction: jest.fn(async (work: (t: unknown) => Promise<unknown>) => work(tx)),
    tryAdvisoryXactLock: jest.fn(async (_key: number, _tx: unknown) => lockFree),
    purgeExpired: jest.fn(async (_now: Date, _tx: unknown) => counts),
  };
  const clock = { now: () => NOW } as Clock;
  const processor = new PurgeExpiredAuthProcessor(repository as unknown as AuthRepository, clock);
  return { processor, repository, tx, counts };
}

describe('PurgeExpiredAuthProcessor', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('throws on a job name of the maintenance queue it does not handle, touching nothing', async () => {
    const { processor, repository } = setup();
    await expect(processor.process(job('maintenance.something-else'))).rejects.toThrow('cannot handle job "maintenance.something-else"');
    expect(repository.transaction).not.toHaveBeenCalled();
  });

  it('purges inside one transaction behind the advisory lock, and can run twice', async () => {
    const { processor, repository, tx, counts } = setup();
    for (let run = 0; run < 2; run++) {
      expect(await processor.process(job('maintenance.purge-expired-auth'))).toEqual({ skipped: false, ...counts });
    }
    expect(repository.transaction).toHaveBeenCalledTimes(2);
    expect(repository.tryAdvisoryXactLock).toHaveBeenCalledWith(PURGE_EXPIRED_AUTH_LOCK, tx);
    expect(repository.purgeExpired).toHaveBeenCalledWith(NOW, tx);
  });

  it('skips when another worker holds the lock', async () => {
    const { processor, repository } = setup(false);
    expect(await processor.process(job('maintenance.purge-expired-auth'))).toEqual({ skipped: true });
    expect(repository.purgeExpired).not.toHaveBeenCalled();
  });
});
