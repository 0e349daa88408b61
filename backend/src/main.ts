import './infra/v8-flags.js';
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig, type AppConfig } from './config/env.schema.js';
import { ensureDatabaseExists, runMigrations } from './infra/database/migrate.js';
import { withDatabase } from './infra/database/connection.js';
import { DEMO_ACCOUNTS, seedDemoData } from './infra/database/seed/demo-data.js';
import { logFatalErrors } from './infra/fatal-errors.js';
import { armShutdownDeadline } from './infra/shutdown-deadline.js';
import { demoFileStore } from './infra/storage/demo-file-store.js';
import { describeStartupError, StartupError } from './infra/startup-errors.js';

async function prepareDatabase(config: AppConfig): Promise<void> {
  if (config.database.migrateOnStart) {
    await ensureDatabaseExists(config.database.url).catch((error: unknown) => {
      throw new StartupError('PostgreSQL', config.database.url, error);
    });
    await runMigrations(config.database.url);
  }
  if (config.seedDemoData) {
    const seedOptions = { putFile: await demoFileStore(config), commissionPercent: config.payments.platformCommissionPercent, meetingBaseUrl: config.tutoring.meetingBaseUrl };
    if (await withDatabase(config.database.url, (db) => seedDemoData(db, seedOptions))) {
      console.log(`Demo data created: ${DEMO_ACCOUNTS.map((a) => `${a.email} / ${a.password}`).join(', ')}`);
    }
  }
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config);
  const app = await createApp(config);
  const log = app.getHttpAdapter().getInstance().log;
  logFatalErrors(log);
  await app.listen({ port: config.port, host: config.host });
  armShutdownDeadline((message) => log.error(message));
  // The port bound, not the one asked for: PORT=0 lets the system choose.
  const { port } = app.getHttpServer().address() as AddressInfo;
  log.info({ port }, `Redpen API listening on http://localhost:${port} (workers: ${config.workers})`);
}

bootstrap().catch((error: unknown) => {
  // One line a person can act on, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : describeStartupError(error));
  process.exit(1);
});
