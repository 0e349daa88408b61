import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/env.schema.js';

/** Boots the whole application exactly as production does, with workers inline and logs off. */
export async function bootApp(overrides: Record<string, string> = {}): Promise<{ app: NestFastifyApplication; config: AppConfig }> {
  const config = loadConfig({ ...process.env, ...overrides });
  const app = await createApp(config, { workers: true, logger: false });
  await app.getHttpAdapter().getInstance().ready();
  return { app, config };
}
