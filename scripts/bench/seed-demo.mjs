#!/usr/bin/env node
// Seeds the demo accounts (admin, tutors, the student with essays in every state) into DATABASE_URL with the
// BUILT backend's own seeder (backend/dist/infra/database/seed/demo-data.js), for benchmarks that sign in. A
// benchmark's backend runs with NODE_ENV=production, where SEED_DEMO_DATA is refused (the demo passwords are
// published), so the bench seeds its own throwaway database from outside. Into an empty users table only, like
// the seeder itself: a second run changes nothing. Run as a child process (`node scripts/bench/seed-demo.mjs`)
// with DATABASE_URL (migrated) and the storage settings in its environment.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/env.mjs';

const dist = (/** @type {string} */ path) => import(pathToFileURL(join(ROOT, 'backend', 'dist', path)).href);
const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));

if (process.env.NODE_ENV === 'production') throw new Error('seed-demo.mjs: run it with NODE_ENV other than production');
const { loadConfig } = await dist('config/env.schema.js');
const { seedDemoData } = await dist('infra/database/seed/demo-data.js');
const { demoFileStore } = await dist('infra/storage/demo-file-store.js');
const schema = await dist('infra/database/schema/index.js');
const { drizzle } = await import(pathToFileURL(requireBackend.resolve('drizzle-orm/node-postgres')).href);
const pg = requireBackend('pg');

const config = loadConfig();
const pool = new pg.Pool({ connectionString: config.database.url, max: 1 });
try {
  const seeded = await seedDemoData(drizzle(pool, { schema }), {
    putFile: await demoFileStore(config),
    commissionPercent: config.payments.platformCommissionPercent,
    meetingBaseUrl: config.tutoring.meetingBaseUrl,
  });
  console.log(seeded ? 'demo data seeded' : 'users already exist: demo data left as it is');
} finally {
  await pool.end();
}
