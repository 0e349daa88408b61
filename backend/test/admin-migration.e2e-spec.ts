// The admin area's migration (0013_add-admin-area) on a database that already has tutors: onboarding's
// self-declared DBS is reset (only an admin's verification counts from now on), tutors approved for tutoring — the
// seeded demo tutors among them — stay verified, and approved applications count as reviewed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { insertTutor, scratchDatabaseAt, type ScratchDatabase } from './support/scratch-database.js';

const BEFORE = '0010_add-domain-events';

describe('migration add-admin-area', () => {
  let scratch: ScratchDatabase;
  let pool: ScratchDatabase['pool'];

  beforeAll(async () => {
    scratch = await scratchDatabaseAt('migration', BEFORE);
    pool = scratch.pool;
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('resets self-declared DBS, keeps tutors verified for tutoring, marks approved applications reviewed', async () => {
    const tutor = (label: string, profile: Record<string, unknown>) => insertTutor(pool, label, profile);
    const selfDeclared = await tutor('self-declared', { has_dbs: true, approved: false, approved_tutoring: false, onboarding_submitted_at: '2026-11-01T10:00:00Z' });
    const essaysOnly = await tutor('essays-only', { has_dbs: true, approved: true, approved_essay: true, approved_tutoring: false });
    const demo = await tutor('demo', { has_dbs: true, approved: true, approved_essay: true, approved_tutoring: true });

    await scratch.migrateToLatest();

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
