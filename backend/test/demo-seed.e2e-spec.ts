// The demo data (`npm start`'s seed; docs/decisions.md "Demo data"): on an empty database of its own, two approved essay
// tutors at different StudyLevels and the demo student's essays in each state, with the ledger rows and the rating
// they imply and their files in S3; the app then serves them through the real routes. Seeding twice does nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import request from 'supertest';
import { loadConfig } from '../src/config/env.schema.js';
import { ensureDatabaseExists, runMigrations } from '../src/infra/database/migrate.js';
import * as schema from '../src/infra/database/schema/index.js';
import { seedDemoData } from '../src/infra/database/seed/demo-data.js';
import { demoFileStore } from '../src/infra/storage/demo-file-store.js';
import { bootApp } from './support/app.js';

const SEED_DB = (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/redpen_test').replace(/\/[^/]+$/, '/redpen_seed_test');

describe('demo data', () => {
  let pool: pg.Pool;
  let app: NestFastifyApplication;
  const http = () => request(app.getHttpServer());
  const signIn = async (email: string, password: string) => (await http().post('/api/auth/login').send({ email, password }).expect(200)).body.token as string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: SEED_DB.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    await admin.query('drop database if exists redpen_seed_test with (force)');
    await admin.end();
    await ensureDatabaseExists(SEED_DB);
    await runMigrations(SEED_DB);
    pool = new pg.Pool({ connectionString: SEED_DB, max: 2 });
    const config = loadConfig({ ...process.env, DATABASE_URL: SEED_DB });
    expect(await seedDemoData(drizzle(pool, { schema }), { putFile: await demoFileStore(config), commissionPercent: 20 })).toBe(true);
    ({ app } = await bootApp({ DATABASE_URL: SEED_DB, TWO_FACTOR_POLICY: 'optional' }));
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it('gives the demo student an essay in each state, paid ones with their charge, the rated one with its rating', async () => {
    const db = drizzle(pool, { schema });
    const rows = await db.select().from(schema.essays);
    expect(rows.map((e) => e.status).sort()).toEqual(['accepted', 'completed', 'completed', 'open', 'paid']);
    const charges = (await db.select().from(schema.payments)).filter((c) => c.itemKind === 'essay');
    expect(charges.map((c) => c.itemId).sort()).toEqual(rows.filter((e) => e.paidTime).map((e) => e.id).sort());
    for (const charge of charges) expect(charge.amountPence).toBe(rows.find((e) => e.id === charge.itemId)!.pricePence);
    const [rating] = await db.select().from(schema.ratings).where(eq(schema.ratings.itemKind, 'essay'));
    expect(rows.find((e) => e.id === rating!.itemId)).toMatchObject({ rated: true, studentAccept: true, status: 'completed' });
    const [summary] = await db.select().from(schema.tutorRatingSummaries).where(eq(schema.tutorRatingSummaries.tutorId, rating!.tutorId));
    // The essay's rating and the rated demo session's, both 5 stars.
    expect(summary).toMatchObject({ ratingSum: rating!.rating + 5, ratingCount: 2 });
    expect(await seedDemoData(db)).toBe(false);
  });

  it('serves them through the API: the student’s list and files, both tutors’ pools and essays, the dashboards', async () => {
    const student = await signIn('student@redpen.local', 'Student!2345');
    const list = await http().get('/api/student/essays').set('Authorization', `Bearer ${student}`).expect(200);
    expect(list.body.essays).toHaveLength(5);
    const file = await fetch(list.body.essays[0].fileUrl as string);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await http().get('/api/student/getDashboard').set('Authorization', `Bearer ${student}`).expect(200)).body).toEqual({ essaysSubmitted: 5, interviewsCompleted: 2, averagePercentage: '75%' });

    const masters = await signIn('tutor@redpen.local', 'Tutor!2345');
    const phd = await signIn('phd.tutor@redpen.local', 'Tutor!2345');
    for (const token of [masters, phd]) {
      const pool = await http().get('/api/tutor/getAvailableEssays').set('Authorization', `Bearer ${token}`).expect(200);
      expect(pool.body.essays.map((e: { title: string }) => e.title)).toEqual(['Ambition and guilt in Macbeth']);
    }
    const held = await http().get('/api/tutor/getAllEssays').set('Authorization', `Bearer ${masters}`).expect(200);
    expect(held.body.essays.map((e: { state: string }) => e.state).sort()).toEqual(['accepted', 'completed', 'paid']);
    expect((await http().get('/api/tutor/getDashboard').set('Authorization', `Bearer ${masters}`).expect(200)).body).toMatchObject({ essaysReviewed: 1, interviewsConducted: 2, rating: 5, totalRatings: 2 });
    const contacts = await http().get('/api/student/getAllContacts').set('Authorization', `Bearer ${student}`).expect(200);
    expect(contacts.body.tutors.map((t: { name?: string; fullName?: string }) => t.name ?? t.fullName).sort()).toEqual(['Priya Patel', 'Theo Tutor']);
  });

  it('fills every tutoring screen: one upcoming paid session, one completed and rated, one completed to rate; the tutor bookable', async () => {
    const student = await signIn('student@redpen.local', 'Student!2345');
    const as = (token: string) => ({ Authorization: `Bearer ${token}` });
    const upcoming = await http().get('/api/student/getUpcomingTutoringSessions').set(as(student)).expect(200);
    expect(upcoming.body.tutoringSessions).toEqual([expect.objectContaining({ status: 'confirmed', paymentStatus: 'Paid', timing: 'upcoming', meetingLink: expect.stringMatching(/^https:\/\//) })]);
    const completed = await http().get('/api/student/getCompletedTutoringSessions').set(as(student)).expect(200);
    expect(completed.body.tutoringSessions.map((s: { rated: boolean; canRate: boolean }) => [s.rated, s.canRate])).toEqual([
      [false, true],
      [true, false],
    ]);
    const masters = await signIn('tutor@redpen.local', 'Tutor!2345');
    expect((await http().get('/api/tutor/getPendingTutoringSessions').set(as(masters)).expect(200)).body.sessions).toHaveLength(1);
    expect((await http().get('/api/tutor/getTutoringProfile').set(as(masters)).expect(200)).body).toMatchObject({ state: 'editable', profile: { status: 'Available' } });
    const tutors = await http().get('/api/tutor/getTutorProfilesforTutoring?page=1').set(as(student)).expect(200);
    expect(tutors.body.tutors).toEqual([expect.objectContaining({ fullName: 'Theo Tutor', averageRating: 5, totalRatings: 2, nextSlots: expect.arrayContaining([expect.objectContaining({ startTime: expect.any(String) })]) })]);
    // The chat context is the upcoming session itself, not a placeholder.
    const contexts = await drizzle(pool, { schema }).select().from(schema.chatConversationContexts).where(eq(schema.chatConversationContexts.kind, 'session'));
    expect(contexts.map((c) => c.refId)).toContain(upcoming.body.tutoringSessions[0]._id);
  });
});
