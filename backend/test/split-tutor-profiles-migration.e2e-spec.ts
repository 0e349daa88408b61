// The split of tutor_profiles (0020_split-tutor-profiles) on a database that already has tutors: every profile's
// tutoring columns arrive in tutoring's tutoring_profiles and its rating sum and count in ratings'
// tutor_rating_summaries, value for value, before the columns leave tutor_profiles; the application stays where it
// was; a change to either new table empties Find Your Tutor's cache as a change to tutor_profiles did.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { insertTutor, scratchDatabaseAt, type ScratchDatabase } from './support/scratch-database.js';

const BEFORE = '0019_chat-message-client-id';

describe('migration split-tutor-profiles', () => {
  let scratch: ScratchDatabase;
  let pool: ScratchDatabase['pool'];

  beforeAll(async () => {
    scratch = await scratchDatabaseAt('split_migration', BEFORE);
    pool = scratch.pool;
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('copies every tutor profile’s tutoring columns and rating totals across, then drops them from tutor_profiles', async () => {
    const tutor = (label: string, profile: Record<string, unknown>) => insertTutor(pool, label, profile);
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

    await scratch.migrateToLatest();

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
    const listener = new pg.Client({ connectionString: scratch.url });
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
