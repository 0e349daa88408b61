import { Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** How long a shutdown waits for Redis to answer before treating it as down (generous: a busy event loop is not an outage). */
const ANSWER_WITHIN_MS = 1000;

/** Down unless the connection is ready and answers a PING in time (a dead peer may still look "ready"). */
async function redisIsDown(target: Queue | Worker): Promise<boolean> {
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ANSWER_WITHIN_MS).unref());
  const client = await Promise.race([target.getBackend().client.catch(() => undefined), late]);
  if (client === 'late' || client?.status !== 'ready') return true;
  // BullMQ's adapter interface has no PING; its default (and our) adapter is ioredis.
  const ping = (client as unknown as Pick<Redis, 'ping'>).ping().catch(() => undefined);
  return (await Promise.race([ping, late])) !== 'PONG';
}

/**
 * Called before Nest shuts down (and so before it closes the queues and workers, which it does after the
 * HTTP server has stopped). BullMQ's ordinary close sends QUIT, which ioredis holds until Redis is back: with
 * Redis down at shutdown, the process would never exit. So a queue or worker whose connection is down is
 * closed by force here (a worker's running jobs are retried as stalled); healthy ones are left to Nest's
 * ordinary close. Should Redis fail in between, the shutdown deadline (`infra/shutdown-deadline.ts`) still
 * ends the process.
 */
export async function forceCloseIfRedisDown(targets: readonly (Queue | Worker)[]): Promise<void> {
  await Promise.all(
    targets.map(async (target) => {
      if (!(await redisIsDown(target))) return;
      if (target instanceof Worker) await target.close(true);
      else await target.getBackend().close(true);
    }),
  );
}
