// A database of its own for a migration's test: created empty, migrated up to (and including) the migration just
// before the one under test, so the test can fill it as production was and then run the rest.
import { expect } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface ScratchDatabase {
  /** The scratch database's URL (for a second client, e.g. a LISTEN). */
  url: string;
  /** One connection to it. */
  pool: pg.Pool;
  /** Runs every migration still to run. */
  migrateToLatest(): Promise<void>;
  /** Closes the pool, drops the database and the cut copy of the migrations. */
  drop(): Promise<void>;
}

/**
 * Creates (afresh) the database `<test database>_<suffix>` and runs the migrations up to and including `before`
 * (a tag from drizzle/meta/_journal.json).
 */
export async function scratchDatabaseAt(suffix: string, before: string): Promise<ScratchDatabase> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/redpen_test');
  const name = `${base.pathname.slice(1)}_${suffix}`;
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const server = new URL(base.toString());
  server.pathname = '/postgres';
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  // The migrations as they were before the one under test: a copy of the folder with the journal cut after `before`.
  const earlier = join(mkdtempSync(join(tmpdir(), 'redpen-migrations-')), 'drizzle');
  const drop = async (): Promise<void> => {
    await pool.end();
    await admin(`drop database if exists "${name}" with (force)`);
    rmSync(join(earlier, '..'), { recursive: true, force: true });
  };
  try {
    cpSync(MIGRATIONS, earlier, { recursive: true });
    const journal = JSON.parse(readFileSync(join(earlier, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === before);
    expect(cut).toBeGreaterThan(0);
    writeFileSync(join(earlier, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
    await migrate(drizzle(pool), { migrationsFolder: earlier });
  } catch (error) {
    await drop();
    throw error;
  }

  return { url: url.toString(), pool, migrateToLatest: () => migrate(drizzle(pool), { migrationsFolder: MIGRATIONS }), drop };
}

/** Inserts a tutor (a user and its tutor_profiles row with `profile`'s columns, by SQL name); answers the user's id. */
export async function insertTutor(pool: pg.Pool, label: string, profile: Record<string, unknown>): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`insert into users (name, email, password_hash, role) values ($1, $2, 'x', 'tutor') returning id`, [label, `${label}@example.com`]);
  const columns = Object.keys(profile);
  await pool.query(`insert into tutor_profiles (user_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`, [rows[0]!.id, ...Object.values(profile)]);
  return rows[0]!.id;
}
