import { Worker, type Queue } from 'bullmq';

/** How long a shutdown waits to learn whether a connection is usable before treating Redis as down. */
const READY_CHECK_MS = 250;

async function redisIsDown(target: Queue | Worker): Promise<boolean> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READY_CHECK_MS).unref());
  const client = await Promise.race([target.getBackend().client.catch(() => undefined), timeout]);
  return client?.status !== 'ready';
}

/**
 * Called before Nest closes the queues and workers. BullMQ's ordinary close sends QUIT, which ioredis holds
 * until Redis is back: with Redis down at shutdown, the process would never exit (a deploy or a SIGTERM
 * would hang until killed). So with Redis down, close each connection by force first; Nest's own close then
 * finds them closed. Jobs a worker was running stay active in Redis and are retried as stalled.
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
