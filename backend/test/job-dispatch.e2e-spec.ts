import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { bullConnection, QUEUE_PREFIX } from '../src/infra/queue/redis-connection.js';
import { bootApp } from './support/app.js';
import { TWO_JOBS, TWO_JOBS_QUEUE, TwoJobsModule, twoJobsKeys, type TwoJobsData } from './support/two-jobs.module.js';

const PER_NAME = 200;
const BACKEND = fileURLToPath(new URL('..', import.meta.url));

/** 200 jobs of each name on one queue, interleaved, each under a deterministic id. */
async function enqueueBoth(queue: Queue, run: string): Promise<string[]> {
  const jobs = Array.from({ length: PER_NAME }, (_, n) =>
    (['alpha', 'beta'] as const).map((kind) => ({
      name: TWO_JOBS[kind],
      data: { run, kind, n } satisfies TwoJobsData,
      opts: { jobId: `two-jobs.${run}.${kind}.${n}` },
    })),
  ).flat();
  await queue.addBulk(jobs);
  return jobs.map((job) => job.opts.jobId);
}

async function handledCount(redis: Redis, run: string): Promise<number> {
  return (await redis.hlen(twoJobsKeys(run, 'alpha').counts)) + (await redis.hlen(twoJobsKeys(run, 'beta').counts));
}

/** Waits until 400 distinct jobs were recorded, or `stop` says waiting is pointless. */
async function waitUntilHandled(redis: Redis, run: string, stop: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((await handledCount(redis, run)) < 2 * PER_NAME && Date.now() < deadline && !stop()) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every job ran exactly once, in the handler of its own name, in the expected process, and completed. */
async function expectEachHandledOnceByItsOwn(redis: Redis, queue: Queue, run: string, ids: string[], pid: number): Promise<void> {
  for (const kind of ['alpha', 'beta'] as const) {
    const keys = twoJobsKeys(run, kind);
    const expected = Object.fromEntries(Array.from({ length: PER_NAME }, (_, n) => [`${kind}.${n}`, '1']));
    expect(await redis.hgetall(keys.counts)).toEqual(expected);
    expect(await redis.smembers(keys.pids)).toEqual([String(pid)]);
  }
  const states = await Promise.all(ids.map((id) => queue.getJobState(id)));
  expect(states.filter((state) => state !== 'completed')).toEqual([]);
}

describe('one worker per queue, dispatching by job name (two names on one queue, 200 jobs each)', () => {
  let redis: Redis;
  let queue: Queue;

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
    queue = new Queue(TWO_JOBS_QUEUE, { connection: bullConnection(process.env.REDIS_URL!), prefix: QUEUE_PREFIX });
  });
  afterAll(async () => {
    await queue?.close();
    redis?.disconnect();
  });

  it('in the API process (WORKERS=inline)', async () => {
    const { app } = await bootApp({}, { modules: [TwoJobsModule] });
    const run = randomUUID();
    let ids: string[];
    try {
      ids = await enqueueBoth(queue, run);
      await waitUntilHandled(redis, run);
    } finally {
      // A graceful close lets running jobs finish: after it, the counts are final.
      await app.close();
    }
    await expectEachHandledOnceByItsOwn(redis, queue, run, ids, process.pid);
  }, 120_000);

  it('in a separate worker process, the API running with WORKERS=off', async () => {
    let app: NestFastifyApplication | undefined;
    let worker: ChildProcess | undefined;
    let exited: Promise<void> | undefined;
    let output = '';
    const run = randomUUID();
    let ids: string[];
    try {
      ({ app } = await bootApp({ WORKERS: 'off' }, { modules: [TwoJobsModule] }));
      ids = await enqueueBoth(queue, run);
      worker = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'test/support/two-jobs-worker.ts'], {
        cwd: BACKEND,
        env: { ...process.env, NODE_OPTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let exitCode: string | undefined;
      exited = new Promise((resolve) => worker!.once('exit', (code, signal) => ((exitCode = `exit ${code ?? signal}`), resolve())));
      await waitUntilHandled(redis, run, () => exitCode);
      if (exitCode) throw new Error(`the worker process ended early (${exitCode}):\n${output}`);
    } finally {
      // SIGTERM: the worker closes gracefully (running jobs finish), as in production.
      worker?.kill('SIGTERM');
      await exited;
      await app?.close();
    }
    await expectEachHandledOnceByItsOwn(redis, queue, run, ids, worker!.pid!);
  }, 150_000);
});
