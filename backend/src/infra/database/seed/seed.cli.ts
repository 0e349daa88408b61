import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../../../config/env.schema.js';
import { ensureDatabaseExists, runMigrations } from '../migrate.js';
import * as schema from '../schema/index.js';
import { demoFileStore } from '../../storage/demo-file-store.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo-data.js';

const config = loadConfig();
if (config.nodeEnv === 'production') {
  // Same rule as SEED_DEMO_DATA at boot (config/env.schema.ts): published passwords never reach a deployment.
  console.error('Refusing to seed the demo accounts with NODE_ENV=production: their passwords are published.');
  process.exit(1);
}
await ensureDatabaseExists(config.database.url);
await runMigrations(config.database.url);
const pool = new pg.Pool({ connectionString: config.database.url, max: 1 });
try {
  const seeded = await seedDemoData(drizzle(pool, { schema }), { putFile: await demoFileStore(config), commissionPercent: config.payments.platformCommissionPercent, meetingBaseUrl: config.tutoring.meetingBaseUrl });
  console.log(seeded ? 'Demo data created. Sign in with:' : 'Users already exist; demo data left as it is. Demo accounts:');
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(8)} ${account.email}  ${account.password}`);
} finally {
  await pool.end();
}
