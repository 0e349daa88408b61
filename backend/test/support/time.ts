// Time in the end-to-end tests (docs/architecture.md, "Time in tests"): the app reads "now" from a FakeClock the
// test moves, and a delayed job is run by promoting it (BullMQ moves it to the waiting list at once) instead of
// waiting its delay out. The worker, the handler and the database are the real ones; only the waiting is skipped.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Job } from 'bullmq';
import { Clock } from '../../src/infra/clock/clock.service.js';
import { FakeClock } from '../../src/infra/clock/fake-clock.js';
import { JobQueue } from '../../src/infra/queue/job-queue.service.js';
import { QUEUES, type QueueName } from '../../src/infra/queue/job-registry.js';
import { ESSAYS_QUEUE } from '../../src/modules/essays/essays.jobs.js';

/** The FakeClock the test app was booted with (`bootApp` binds one to every app). */
export function clockOf(app: NestFastifyApplication): FakeClock {
  const clock = app.get(Clock);
  if (!(clock instanceof FakeClock)) throw new Error('this app was not booted by test/support/app.ts (no FakeClock bound)');
  return clock;
}

/** Polls `check` every 50 ms until it answers a value (bounded: a stuck job fails the test instead of hanging it). */
async function poll<T>(what: string, check: () => Promise<T | undefined>, boundMs = 30_000): Promise<T> {
  const end = Date.now() + boundMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs the delayed job `jobId` of `queue` now (as if its delay had passed) through the app's own worker and
 * answers what its handler returned. Fails when there is no such job or it is not delayed (it ran already, or
 * was never scheduled with a delay): a test that promotes a job also checks that it was waiting.
 */
export async function runDelayedJob<R = unknown>(app: NestFastifyApplication, queue: QueueName, jobId: string): Promise<R> {
  const q = app.get(JobQueue).queue(queue);
  const job = await q.getJob(jobId);
  if (!job) throw new Error(`no job ${jobId} on the ${queue} queue`);
  const state = await job.getState();
  if (state !== 'delayed') throw new Error(`job ${jobId} is ${state}, not delayed`);
  await job.promote();
  return finished<R>(app, queue, jobId);
}

/** Waits until the job `jobId` has run (completed, or failed for good) and answers its handler's return value. */
export async function finished<R = unknown>(app: NestFastifyApplication, queue: QueueName, jobId: string): Promise<R> {
  const q = app.get(JobQueue).queue(queue);
  const done = await poll(`job ${jobId} to finish`, async () => {
    const state = await q.getJobState(jobId);
    if (state !== 'completed' && state !== 'failed') return undefined;
    // Read after the state: a job read before it finished carries no return value yet.
    const job: Job | undefined = await q.getJob(jobId);
    return job ? { job, state } : undefined;
  });
  if (done.state === 'failed') throw new Error(`job ${jobId} failed: ${done.job.failedReason}`);
  return done.job.returnvalue as R;
}

/**
 * Waits until nothing is waiting or running on the given queues (delayed jobs are not due, so they do not count):
 * what a test does before it concludes that something did NOT happen, instead of sleeping "long enough".
 */
export async function queuesIdle(app: NestFastifyApplication, queues: QueueName[] = [ESSAYS_QUEUE, QUEUES.mail]): Promise<void> {
  const jobs = app.get(JobQueue);
  // Twice in a row: a job that finishes may have just enqueued another (a sweep enqueues transitions, which queue mails).
  let idleChecks = 0;
  await poll(`the ${queues.join(', ')} queues to be idle`, async () => {
    const busy = await Promise.all(queues.map((name) => jobs.queue(name).getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')));
    const idle = busy.every((counts) => Object.values(counts).every((n) => n === 0));
    idleChecks = idle ? idleChecks + 1 : 0;
    return idleChecks >= 2 ? true : undefined;
  });
}
