import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import { eq, inArray } from 'drizzle-orm';
import { authSessions, passwordResetTokens, verificationCodes } from '../src/infra/database/schema/index.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { QUEUES } from '../src/infra/queue/job-registry.js';
import { PurgeExpiredAuthHandler, type PurgeResult } from '../src/modules/auth/purge-expired-auth.handler.js';
import { createAccount, db } from './support/accounts.js';
import { bootApp } from './support/app.js';

const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describe('purge of expired authentication rows (maintenance.purge-expired-auth)', () => {
  let app: NestFastifyApplication;
  let queue: Queue;

  beforeAll(async () => {
    ({ app } = await bootApp({ SWEEPER_INTERVAL_SECONDS: '300' }));
    queue = app.get(JobQueue).queue(QUEUES.maintenance);
  });
  afterAll(async () => app?.close());

  it('registers one repeatable job scheduler at boot', async () => {
    const schedulers = (await queue.getJobSchedulers()).filter((s) => s.key === 'purge-expired-auth');
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ name: 'maintenance.purge-expired-auth', every: 300_000 });
  });

  it('deletes only expired rows, and a second run deletes nothing more', async () => {
    // Let the run the scheduler started at boot finish, so it does not hold the advisory lock.
    for (let i = 0; i < 50 && (await queue.getActiveCount()) + (await queue.getWaitingCount()) > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const a = await createAccount(app, { label: 'purge-a' });
    const b = await createAccount(app, { label: 'purge-b' });
    const [liveSession] = await db(app).select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, a.user.id));

    const [expiredCode, deadLiveCode, liveCode] = await db(app)
      .insert(verificationCodes)
      .values([
        { userId: a.user.id, purpose: 'email', codeHash: 'x', expiresAt: ago(1000) },
        { userId: a.user.id, purpose: 'two_factor', codeHash: 'x', attempts: 5, expiresAt: ahead(HOUR) },
        { userId: b.user.id, purpose: 'email', codeHash: 'x', expiresAt: ahead(HOUR) },
      ])
      .returning({ id: verificationCodes.id });
    const [expiredToken, usedToken, liveToken] = await db(app)
      .insert(passwordResetTokens)
      .values([
        { userId: a.user.id, tokenHash: `expired-${a.user.id}`, expiresAt: ago(1000) },
        { userId: a.user.id, tokenHash: `used-${a.user.id}`, expiresAt: ahead(HOUR), usedAt: ago(1000) },
        { userId: b.user.id, tokenHash: `live-${b.user.id}`, expiresAt: ahead(HOUR) },
      ])
      .returning({ id: passwordResetTokens.id });
    const [oldExpired, oldRevoked, recentExpired, recentRevoked] = await db(app)
      .insert(authSessions)
      .values([
        { userId: a.user.id, expiresAt: ago(25 * HOUR) },
        { userId: a.user.id, expiresAt: ahead(HOUR), revokedAt: ago(25 * HOUR) },
        { userId: b.user.id, expiresAt: ago(HOUR) },
        { userId: b.user.id, expiresAt: ahead(HOUR), revokedAt: ago(HOUR) },
      ])
      .returning({ id: authSessions.id });

    const handler = app.get(PurgeExpiredAuthHandler);
    // A scheduled run may hold the advisory lock for a moment: a skipped run is retried, as BullMQ would later.
    const run = async (): Promise<PurgeResult> => {
      for (let i = 0; i < 20; i++) {
        const result = await handler.purgeExpiredAuth();
        if (!result.skipped) return result;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the purge lock stayed taken');
    };
    const first = (await run()) as Extract<PurgeResult, { skipped: false }>;
    expect(first.verificationCodes).toBeGreaterThanOrEqual(1);
    expect(first.resetTokens).toBeGreaterThanOrEqual(2);
    expect(first.sessions).toBeGreaterThanOrEqual(2);
    expect(await run()).toEqual({ skipped: false, verificationCodes: 0, resetTokens: 0, sessions: 0 });

    const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id).sort();
    const codeIds = [expiredCode!.id, deadLiveCode!.id, liveCode!.id];
    const tokenIds = [expiredToken!.id, usedToken!.id, liveToken!.id];
    const sessionIds = [oldExpired!.id, oldRevoked!.id, recentExpired!.id, recentRevoked!.id, liveSession!.id];
    expect(ids(await db(app).select({ id: verificationCodes.id }).from(verificationCodes).where(inArray(verificationCodes.id, codeIds)))).toEqual(
      [deadLiveCode!.id, liveCode!.id].sort(),
    );
    expect(ids(await db(app).select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(inArray(passwordResetTokens.id, tokenIds)))).toEqual([liveToken!.id]);
    expect(ids(await db(app).select({ id: authSessions.id }).from(authSessions).where(inArray(authSessions.id, sessionIds)))).toEqual(
      [recentExpired!.id, recentRevoked!.id, liveSession!.id].sort(),
    );
  });
});
