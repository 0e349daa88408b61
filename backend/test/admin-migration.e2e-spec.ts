// The admin area's migration (0013_add-admin-area) on a database that already has tutors: onboarding's
// self-declared DBS is reset (only an admin's verification counts from now on), tutors approved for tutoring — the
// seeded demo tutors among them — stay verified, and approved applications count as reviewed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const BEFORE = '0010_add-domain-events';

describe('migration add-admin-area', () => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/redpen_test');
  const name = `${base.pathname.slice(1)}_migration`;
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  const server = new URL(base.toString());
  server.pathname = '/postgres';
  let pool: pg.Pool;
  let earlier: string;

  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  beforeAll(async () => {
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
    pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    // The migrations as they were before this one: a copy of the folder with the journal cut after BEFORE.
    earlier = join(mkdtempSync(join(tmpdir(), 'redpen-migrations-')), 'drizzle');
    cpSync(MIGRATIONS, earlier, { recursive: true });
    const journal = JSON.parse(readFileSync(join(earlier, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === BEFORE);
    expect(cut).toBeGreaterThan(0);
    writeFileSync(join(earlier, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
    await migrate(drizzle(pool), { migrationsFolder: earlier });
  });
  afterAll(async () => {
    await pool?.end();
    await admin(`drop database if exists "${name}" with (force)`);
    if (earlier) rmSync(join(earlier, '..'), { recursive: true, force: true });
  });

  it('resets self-declared DBS, keeps tutors verified for tutoring, marks approved applications reviewed', async () => {
    const tutor = async (label: string, profile: Record<string, unknown>) => {
      const { rows } = await pool.query<{ id: string }>(`insert into users (name, email, password_hash, role) values ($1, $2, 'x', 'tutor') returning id`, [label, `${label}@example.com`]);
      const columns = Object.keys(profile);
      await pool.query(`insert into tutor_profiles (user_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`, [rows[0]!.id, ...Object.values(profile)]);
      return rows[0]!.id;
    };
    const selfDeclared = await tutor('self-declared', { has_dbs: true, approved: false, approved_tutoring: false, onboarding_submitted_at: '2026-11-01T10:00:00Z' });
    const essaysOnly = await tutor('essays-only', { has_dbs: true, approved: true, approved_essay: true, approved_tutoring: false });
    const demo = await tutor('demo', { has_dbs: true, approved: true, approved_essay: true, approved_tutoring: true });

    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });

    const { rows } = await pool.query<{ user_id: string; has_dbs: boolean; application_reviewed_at: Date | null }>(
      'select user_id, has_dbs, application_reviewed_at from tutor_profiles where user_id = any($1)',
      [[selfDeclared, essaysOnly, demo]],
    );
    const by = new Map(rows.map((r) => [r.user_id, r]));
    expect(by.get(selfDeclared)).toMatchObject({ has_dbs: false, application_reviewed_at: null });
    expect(by.get(essaysOnly)).toMatchObject({ has_dbs: false, application_reviewed_at: expect.any(Date) });
    expect(by.get(demo)).toMatchObject({ has_dbs: true, application_reviewed_at: expect.any(Date) });

    // The audit log it creates is append-only.
    await pool.query(`insert into audit_log (actor_id, action, subject_type, subject_id) values ($1, 'user.ban', 'user', $1)`, [demo]);
    await expect(pool.query(`update audit_log set reason = 'x'`)).rejects.toThrow('audit_log is append-only');
    await expect(pool.query('delete from audit_log')).rejects.toThrow('audit_log is append-only');
    await expect(pool.query('truncate audit_log')).rejects.toThrow('audit_log is append-only');
  });
});
