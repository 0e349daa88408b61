// The split of tutor_profiles (0020_split-tutor-profiles) on a database that already has tutors: every profile's
// tutoring columns arrive in tutoring's tutoring_profiles and its rating sum and count in ratings'
// tutor_rating_summaries, value for value, before the columns leave tutor_profiles; the application stays where it
// was; a change to either new table empties Find Your Tutor's cache as a change to tutor_profiles did.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const BEFORE = '0019_chat-message-client-id';

describe('migration split-tutor-profiles', () => {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/redpen_test');
  const name = `${base.pathname.slice(1)}_split_migration`;
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

  it('copies every tutor profile’s tutoring columns and rating totals across, then drops them from tutor_profiles', async () => {
    const tutor = async (label: string, profile: Record<string, unknown>) => {
      const { rows } = await pool.query<{ id: string }>(`insert into users (name, email, password_hash, role) values ($1, $2, 'x', 'tutor') returning id`, [label, `${label}@example.com`]);
      const columns = Object.keys(profile);
      await pool.query(`insert into tutor_profiles (user_id, ${columns.join(', ')}) values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`, [rows[0]!.id, ...Object.values(profile)]);
      return rows[0]!.id;
    };
    const availability = { monday: ['09:00-10:00', '10:00-11:00'], saturday: ['14:00-15:00'] };
    const bookable = await tutor('bookable', {
      approved: true,
      approved_tutoring: true,
      has_dbs: true,
      study_level: 'Masters',
      university: 'University of Oxford',
      tutoring_subject: 'Interview practice',
      hourly_rate_pence: 4250,
      tutoring_description: 'Mock interviews.',
      tutoring_available: true,
      availability: JSON.stringify(availability),
      time_zone: 'America/New_York',
      rating_sum: 14,
      rating_count: 3,
      created_at: '2026-01-02T03:04:05Z',
      updated_at: '2026-02-03T04:05:06Z',
    });
    const untouched = await tutor('untouched', { approved: true, approved_essay: true, study_level: 'PhD' });

    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS });

    const tutoring = await pool.query('select * from tutoring_profiles where user_id = any($1) order by user_id', [[bookable, untouched]]);
    const byUser = new Map(tutoring.rows.map((row: { user_id: string }) => [row.user_id, row]));
    expect(byUser.get(bookable)).toEqual({
      user_id: bookable,
      tutoring_subject: 'Interview practice',
      hourly_rate_pence: 4250,
      tutoring_description: 'Mock interviews.',
      tutoring_available: true,
      availability,
      time_zone: 'America/New_York',
      created_at: new Date('2026-01-02T03:04:05Z'),
      updated_at: new Date('2026-02-03T04:05:06Z'),
    });
    // A tutor who never set a tutoring profile keeps the defaults they had: Unavailable, nothing set, London.
    expect(byUser.get(untouched)).toMatchObject({ tutoring_subject: null, hourly_rate_pence: null, tutoring_description: null, tutoring_available: false, availability: {}, time_zone: 'Europe/London' });

    const summaries = await pool.query('select tutor_id, rating_sum, rating_count from tutor_rating_summaries where tutor_id = any($1)', [[bookable, untouched]]);
    expect(new Map(summaries.rows.map((row: { tutor_id: string }) => [row.tutor_id, row]))).toEqual(
      new Map([
        [bookable, { tutor_id: bookable, rating_sum: 14, rating_count: 3 }],
        [untouched, { tutor_id: untouched, rating_sum: 0, rating_count: 0 }],
      ]),
    );

    // The application stays in tutor_profiles; the moved columns are gone from it.
    const { rows: application } = await pool.query('select * from tutor_profiles where user_id = $1', [bookable]);
    expect(application[0]).toMatchObject({ approved: true, approved_tutoring: true, has_dbs: true, study_level: 'Masters', university: 'University of Oxford' });
    for (const moved of ['tutoring_subject', 'hourly_rate_pence', 'tutoring_description', 'tutoring_available', 'availability', 'time_zone', 'rating_sum', 'rating_count']) {
      expect(application[0]).not.toHaveProperty(moved);
    }

    // The new tables' rows go with their user, and the directory's index is there.
    const { rows: indexes } = await pool.query<{ indexname: string }>(`select indexname from pg_indexes where tablename = 'tutoring_profiles'`);
    expect(indexes.map((i) => i.indexname)).toEqual(expect.arrayContaining(['tutoring_profiles_available_rate_idx', 'tutoring_profiles_subject_trgm_idx']));
    await expect(pool.query('update tutor_rating_summaries set rating_count = -1 where tutor_id = $1', [bookable])).rejects.toThrow('tutor_rating_summaries_counts');
  });

  it('announces a change to either new table on tutor_directory_changed, as tutor_profiles did', async () => {
    const listener = new pg.Client({ connectionString: url.toString() });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.channel));
      await listener.query('listen tutor_directory_changed');
      const { rows } = await pool.query<{ user_id: string }>('select user_id from tutoring_profiles limit 1');
      await pool.query('update tutoring_profiles set tutoring_available = not tutoring_available where user_id = $1', [rows[0]!.user_id]);
      await pool.query('update tutor_rating_summaries set rating_count = rating_count where tutor_id = $1', [rows[0]!.user_id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(['tutor_directory_changed', 'tutor_directory_changed']);
    } finally {
      await listener.end();
    }
  });
});
