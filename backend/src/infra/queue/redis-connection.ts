import type { ConnectionOptions } from 'bullmq';

/** BullMQ keys live under this prefix (`redpen:<queue>:<jobId>`), apart from the app's other Redis keys. */
export const QUEUE_PREFIX = 'redpen';

/** The connection options every BullMQ queue and worker of the app uses, from `REDIS_URL`. */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}
