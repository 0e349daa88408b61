import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './database.types.js';
import * as schema from './schema/index.js';

/**
 * Runs `fn` with a Drizzle handle on a one-connection pool, closed afterwards: for start-up work outside Nest's
 * container (the demo seed in main.ts). Drizzle stays inside infra/database/ and the repositories.
 */
export async function withDatabase<T>(url: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await fn(drizzle(pool, { schema }));
  } finally {
    await pool.end();
  }
}

/** The readiness probe's question to PostgreSQL. */
export function pingDatabase(db: Database): Promise<unknown> {
  return db.execute(sql`select 1`);
}
