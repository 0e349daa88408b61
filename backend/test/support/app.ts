import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/env.schema.js';
import { FakeClock } from '../../src/infra/clock/fake-clock.js';

export interface BootOptions {
  /** Run the workers in the API process; by default yes, unless the overrides set WORKERS. */
  workers?: boolean;
  /** Extra modules, e.g. job handlers of a test's own. */
  modules?: Type[];
}

/**
 * Boots the whole application exactly as production does, with workers inline (unless told) and logs off. Its
 * clock is a `FakeClock` (it reads the real time until the test moves it: see `support/time.ts`).
 */
export async function bootApp(
  overrides: Record<string, string> = {},
  options: BootOptions = {},
): Promise<{ app: NestFastifyApplication; config: AppConfig; clock: FakeClock }> {
  const config = loadConfig({ ...process.env, ...overrides });
  const clock = new FakeClock();
  const app = await createApp(config, { workers: options.workers ?? (overrides.WORKERS ? undefined : true), logger: false, modules: options.modules, clock });
  await app.getHttpAdapter().getInstance().ready();
  return { app, config, clock };
}
