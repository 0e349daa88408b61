import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { pingDatabase } from '../../infra/database/connection.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database } from '../../infra/database/database.types.js';
import { MailTransport } from '../../infra/mail/mail.transport.js';
import { REDIS } from '../../infra/redis/redis.module.js';
import { StorageService } from '../../infra/storage/storage.service.js';

export type DependencyName = 'database' | 'redis' | 'storage' | 'mail';
/** What the public readiness answer says of a dependency: no error text, which would name hosts and ports. */
export interface DependencyCheck {
  status: 'up' | 'down';
  latencyMs: number;
}
export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: Record<DependencyName, DependencyCheck>;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

/** Asks each dependency a cheap question, all at once, each bounded in time. */
@Injectable()
export class HealthService {
  private readonly logger = new Logger(HealthService.name);

  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: StorageService,
    private readonly mail: MailTransport,
  ) {}

  async readiness(): Promise<Readiness> {
    const probes: Record<DependencyName, () => Promise<unknown>> = {
      database: () => pingDatabase(this.db),
      redis: () => this.redis.ping(),
      storage: () => this.storage.ping(),
      mail: () => this.mail.verify(),
    };
    const entries = await Promise.all(
      (Object.keys(probes) as DependencyName[]).map(async (name): Promise<[DependencyName, DependencyCheck]> => {
        const started = performance.now();
        try {
          await withTimeout(probes[name](), CHECK_TIMEOUT_MS);
          return [name, { status: 'up', latencyMs: Math.round(performance.now() - started) }];
        } catch (error) {
          // The reason (host, port, driver message) goes to the log for operators; the endpoint is public.
          const message = (error as Error).message || (error as { code?: string }).code || 'unreachable';
          this.logger.warn(`readiness: ${name} is down: ${message}`);
          return [name, { status: 'down', latencyMs: Math.round(performance.now() - started) }];
        }
      }),
    );
    const checks = Object.fromEntries(entries) as Record<DependencyName, DependencyCheck>;
    const healthy = entries.every(([, check]) => check.status === 'up');
    return { status: healthy ? 'ok' : 'unavailable', checks };
  }
}
