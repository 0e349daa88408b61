import { loadConfig } from '../../config/env.schema.js';
import { ensureDatabaseExists, runMigrations } from './migrate.js';

const config = loadConfig();
await ensureDatabaseExists(config.database.url);
await runMigrations(config.database.url);
console.log('Migrations applied.');
