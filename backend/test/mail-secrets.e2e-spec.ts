import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Job, type Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { AppConfig } from '../src/config/env.schema.js';
import { JobQueue } from '../src/infra/queue/job-queue.service.js';
import { QUEUES } from '../src/infra/queue/job-registry.js';
import { QUEUE_PREFIX } from '../src/infra/queue/redis-connection.js';
import { createWorker } from '../src/worker.factory.js';
import { createAccount, resetLimits } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { uniqueAddress, waitForMails } from './support/mail-catcher.js';

const codeIn = (text = '') => /code is: (\d{6})/.exec(text)?.[1];
const tokenIn = (text = '') => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
/** The secret as a whole token (a 6-digit code could appear by chance inside a longer run of characters). */
const shows = (haystack: string, secret: string) => new RegExp(`(?<![A-Za-z0-9_-])${secret}(?![A-Za-z0-9_-])`).test(haystack);

/** Every field of the job's hash in Redis, as stored; timestamps and counters (digits only) left out. */
async function rawJob(redis: Redis, id: string): Promise<string> {
  const hash = await redis.hgetall(`${QUEUE_PREFIX}:${QUEUES.mail}:${id}`);
  return Object.values(hash).filter((value) => !/^\d+$/.test(value)).join('\n');
}

async function waitForState(queue: Queue, id: string, state: string): Promise<string> {
  let current = '';
  for (let i = 0; i < 100 && current !== state; i++) {
    current = await queue.getJobState(id);
    if (current !== state) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return current;
}

describe('no secret readable in Redis: mail jobs carry their template data sealed', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let worker: INestApplicationContext | undefined;
  let redis: Redis;
  let queue: Queue;

  beforeAll(async () => {
    // The API alone first (WORKERS=off), so the jobs wait in Redis to be read before any worker takes them.
    ({ app, config } = await bootApp({ WORKERS: 'off' }));
    redis = new Redis(process.env.REDIS_URL!);
    await resetLimits(redis);
    queue = app.get(JobQueue).queue(QUEUES.mail);
  });
  afterAll(async () => {
    await worker?.close();
    redis?.disconnect();
    await app?.close();
  });

  it('keeps the verification code and the reset link out of the queued and the completed job, and the mails still carry them', async () => {
    const email = uniqueAddress('sealed-code');
    await request(app.getHttpServer())
      .post('/api/auth/register')
      .send({ name: 'Sealed Code', email, password: 'Quiet-Harbour-73', role: 'student', phone: '07700900123' })
      .expect(201);
    const account = await createAccount(app, { label: 'sealed-reset' });
    await request(app.getHttpServer()).post('/api/auth/requestPasswordReset').send({ email: account.user.email }).expect(200);

    // The reset email is prepared after answering (same timing for known and unknown addresses): wait for it.
    let waiting: Job[] = [];
    for (let i = 0; i < 50 && waiting.filter((job) => [email, account.user.email].includes(job.data.to)).length < 2; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      waiting = await queue.getJobs(['waiting']);
    }
    const codeJob = waiting.find((job) => job.data.to === email)!;
    const resetJob = waiting.find((job) => job.data.to === account.user.email)!;
    expect(codeJob.data).toEqual({ to: email, template: 'auth.verification-code', sealed: expect.any(String) });
    expect(resetJob.data).toEqual({ to: account.user.email, template: 'auth.password-reset', sealed: expect.any(String) });
    const queued = { code: await rawJob(redis, codeJob.id!), reset: await rawJob(redis, resetJob.id!) };

    // A worker process's application takes the jobs; the mails arrive with the code and the link.
    worker = await createWorker(config, { logger: false });
    const code = codeIn((await waitForMails(email))[0]?.text);
    const token = tokenIn((await waitForMails(account.user.email))[0]?.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    expect(shows(queued.code, code!)).toBe(false);
    expect(queued.reset).not.toContain(token);

    expect(await waitForState(queue, codeJob.id!, 'completed')).toBe('completed');
    expect(await waitForState(queue, resetJob.id!, 'completed')).toBe('completed');
    const completedCode = await Job.fromId(queue, codeJob.id!);
    const completedReset = await Job.fromId(queue, resetJob.id!);
    // Sent: even the sealed form is gone.
    expect(completedCode?.data).toEqual({ to: email, template: 'auth.verification-code' });
    expect(completedReset?.data).toEqual({ to: account.user.email, template: 'auth.password-reset' });
    expect(shows(JSON.stringify(completedCode?.asJSON()), code!)).toBe(false);
    expect(JSON.stringify(completedReset?.asJSON())).not.toContain(token);
    expect(shows(await rawJob(redis, codeJob.id!), code!)).toBe(false);
    expect(await rawJob(redis, resetJob.id!)).not.toContain(token);
  }, 60_000);
});
