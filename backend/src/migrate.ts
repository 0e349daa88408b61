import { ConfigError, loadConfig } from './config/env.schema.js';
import { ensureDatabaseExists, runMigrations } from './infra/database/migrate.js';
import { describeStartupError, StartupError } from './infra/startup-errors.js';

/**
 * Applies the pending migrations and exits: the built image's `npm run db:migrate` (`node dist/migrate.js`), for a
 * release step that runs once before the API starts (the Kubernetes migration Job) when the API itself has
 * DB_MIGRATE_ON_START=false.
 */
async function migrateOnce(): Promise<void> {
  const config = loadConfig();
  await ensureDatabaseExists(config.database.url).catch((error: unknown) => {
    throw new StartupError('PostgreSQL', config.database.url, error);
  });
  await runMigrations(config.database.url);
  console.log('Migrations applied.');
}

migrateOnce().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : describeStartupError(error));
  process.exit(1);
});
