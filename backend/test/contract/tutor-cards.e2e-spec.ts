// The tutor card and the tutoring profile on the wire: `availability` is the "GMT" map (UTC weekdays and times as the
// tutor's slots stand for the coming week), `availabilityLocal` and `timeZone` the tutor's wall clock beside it;
// updateTutoringProfile takes UTC slots without a timeZone and wall-clock slots with one. Find Your Tutor without
// `page` is every tutor as the plain card (no nextSlots), streamed and small enough for 5,000 tutors; with `page`,
// the paged cards with nextSlots.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { bearer, createAccount, db, heardByTheApp, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { bookableTutor, EVERY_DAY, LONG_TOKENS, settableClock, type SettableClock } from '../support/tutoring.js';
import { expectMoney, expectShape, type Shape } from './spec-client.js';

/** Wednesday 7 July 2027, noon UTC: London is on summer time (UTC+1). */
const SUMMER = '2027-07-07T12:00:00Z';
const TAG = `cards${Date.now().toString(36)}`;
const FULL_WEEK = EVERY_DAY(['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-18:00']);
const MIB = 1024 * 1024;

const CARD_SHAPE: Shape = {
  _id: 'string',
  fullName: 'string',
  subject: 'string?',
  university: 'string?',
  experience: 'integer?',
  hourlyRate: 'pounds',
  hourlyRatePence: 'pence',
  studyLevel: 'string?',
  description: 'string?',
  profilePicture: 'string?',
  availability: 'object',
  availabilityLocal: 'object',
  timeZone: 'string',
  averageRating: 'number',
  totalRatings: 'integer',
};

describe('contract: tutor cards and the tutoring profile', () => {
  let app: NestFastifyApplication;
  let clock: SettableClock;
  let student: TestAccount;
  let tutor: TestAccount;
  const http = () => request(app.getHttpServer());
  const list = (query: Record<string, string | number>, headers: Record<string, string> = {}) => http().get('/api/tutor/getTutorProfilesforTutoring').query(query).set(bearer(student.token)).set(headers).expect(200);

  beforeAll(async () => {
    ({ app } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    clock = settableClock(app);
    clock.set(SUMMER);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await bookableTutor(app, { tutoringSubject: `${TAG} London`, availability: { monday: ['09:00-10:00', '17:00-18:00'], friday: ['14:00-15:00'] }, timeZone: 'Europe/London', hourlyRatePence: 3550 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a card’s availability is UTC for the coming week (09:00 London in summer time = 08:00), the wall clock beside it', async () => {
    for (const query of [{ search: `${TAG} London` }, { search: `${TAG} London`, page: 1 }] as Record<string, string | number>[]) {
      const { body } = await list(query);
      expect(body.tutors).toHaveLength(1);
      expect(body.tutors[0]).toMatchObject({
        availability: { monday: ['08:00-09:00', '16:00-17:00'], friday: ['13:00-14:00'] },
        availabilityLocal: { monday: ['09:00-10:00', '17:00-18:00'], friday: ['14:00-15:00'] },
        timeZone: 'Europe/London',
      });
    }
  });

  it('GET /tutor/getTutoringProfile gives the tutor the same: availability in UTC, availabilityLocal and timeZone', async () => {
    const { body } = await http().get('/api/tutor/getTutoringProfile').set(bearer(tutor.token)).expect(200);
    expect(body.profile).toMatchObject({
      availability: { monday: ['08:00-09:00', '16:00-17:00'], friday: ['13:00-14:00'] },
      availabilityLocal: { monday: ['09:00-10:00', '17:00-18:00'], friday: ['14:00-15:00'] },
      timeZone: 'Europe/London',
    });
    expect(body.profile.nextSlots[0]).toEqual({ startTime: '2027-07-09T13:00:00.000Z', endTime: '2027-07-09T14:00:00.000Z' });
  });

  describe('POST /tutor/updateTutoringProfile', () => {
    const base = { subject: `${TAG} Updated`, hourlyRate: 40, description: 'Interview practice', status: 'Available' };
    const update = (body: object) => http().post('/api/tutor/updateTutoringProfile').set(bearer(tutor.token)).send(body);

    it('takes UTC slots when no timeZone is sent: 08:00 UTC in summer is kept as 09:00 London', async () => {
      const { body } = await update({ ...base, availability: { Monday: ['08:00-09:00'], tuesday: ['13:00-14:00'] } }).expect(200);
      expect(body.profile).toMatchObject({ availability: { monday: ['08:00-09:00'], tuesday: ['13:00-14:00'] }, availabilityLocal: { monday: ['09:00-10:00'], tuesday: ['14:00-15:00'] }, timeZone: 'Europe/London' });
      // Sending back what was read keeps it.
      const again = await update({ ...base, availability: body.profile.availability }).expect(200);
      expect(again.body.profile.availabilityLocal).toEqual({ monday: ['09:00-10:00'], tuesday: ['14:00-15:00'] });
    });

    it('refuses a UTC slot that is none of the tutor’s hourly slots this week (400 naming it)', async () => {
      const { body } = await update({ ...base, availability: { monday: ['09:00-10:00', '12:00-13:00'] } }).expect(400);
      expect(body.errors).toEqual([{ field: 'availability', message: expect.stringContaining('"12:00-13:00"') }]);
    });

    it('takes wall-clock slots in the zone sent, which becomes the tutor’s', async () => {
      const { body } = await update({ ...base, availability: { monday: ['09:00-10:00'] }, timeZone: 'Europe/London' }).expect(200);
      expect(body.profile).toMatchObject({ availability: { monday: ['08:00-09:00'] }, availabilityLocal: { monday: ['09:00-10:00'] }, timeZone: 'Europe/London' });
      const tokyo = await update({ ...base, availability: { monday: ['09:00-10:00'] }, timeZone: 'Asia/Tokyo' }).expect(200);
      expect(tokyo.body.profile).toMatchObject({ availability: { monday: ['00:00-01:00'] }, availabilityLocal: { monday: ['09:00-10:00'] }, timeZone: 'Asia/Tokyo' });
      await update({ ...base, availability: { monday: ['09:00-10:00'] }, timeZone: 'Europe/London' }).expect(200);
    });
  });

  describe('GET /tutor/getTutorProfilesforTutoring without page: every tutor as the plain card, streamed', () => {
    const MANY = 300;

    beforeAll(async () => {
      // 300 bookable tutors offering every slot of the week (the largest card), written as the bench writes them.
      await db(app).execute(sql`
        insert into users (name, email, password_hash, role, email_verified, onboarding_completed)
        select 'Many Tutor ' || i, ${`${TAG}-many-`} || i || '@example.com', 'x', 'tutor', true, true from generate_series(1, ${MANY}::int) as i`);
      await db(app).execute(sql`
        insert into tutor_profiles (user_id, approved, approved_tutoring, has_dbs, study_level, university, years_of_experience)
        select id, true, true, true, 'Masters', 'Bench University', 3 from users where email like ${`${TAG}-many-%`}`);
      await db(app).execute(sql`
        insert into tutoring_profiles (user_id, tutoring_subject, hourly_rate_pence, tutoring_description, tutoring_available, availability, time_zone)
        select id, ${`${TAG} Many`}, 3500, 'A tutor among many', true, ${JSON.stringify(FULL_WEEK)}::jsonb, 'Europe/London'
        from users where email like ${`${TAG}-many-%`}`);
      await heardByTheApp(app);
    });

    it('answers the plain cards (no nextSlots) with the tutors key and the total; with page, the paged cards with nextSlots', async () => {
      const whole = await list({ search: `${TAG} Many` });
      expect(whole.body.total).toBe(MANY);
      expect(whole.body.tutors).toHaveLength(MANY);
      for (const card of whole.body.tutors) {
        expectShape(card, CARD_SHAPE);
        expect(card).not.toHaveProperty('nextSlots');
      }
      expect(new Set(whole.body.tutors.map((t: { _id: string }) => t._id)).size).toBe(MANY);
      const paged = await list({ search: `${TAG} Many`, page: 2, limit: 10 });
      expect(paged.body).toMatchObject({ total: MANY, page: 2, limit: 10 });
      expect(paged.body.tutors).toHaveLength(10);
      for (const card of paged.body.tutors) expect(card.nextSlots.length).toBeGreaterThan(0);
    });

    /** The answer's bytes as they leave the server (Fastify's inject: nothing decompresses them on the way). */
    const raw = async (acceptEncoding: string) => {
      const res = await app.getHttpAdapter().getInstance().inject({
        method: 'GET',
        url: `/api/tutor/getTutorProfilesforTutoring?search=${encodeURIComponent(`${TAG} Many`)}`,
        headers: { ...bearer(student.token), 'accept-encoding': acceptEncoding },
      });
      expect(res.statusCode).toBe(200);
      return { headers: res.headers, bytes: res.rawPayload };
    };

    it('is written as it is read (no Content-Length), gzipped when the client takes it', async () => {
      const plain = await raw('identity');
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(plain.headers['content-length']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(plain.bytes.toString()).tutors).toHaveLength(MANY);
      const zipped = await raw('gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.bytes).toString()).tutors).toHaveLength(MANY);
    });

    it('stays under 5 MiB on the wire for 5,000 tutors, each offering every slot of the week', async () => {
      const perTutorGzip = (await raw('gzip')).bytes.length / MANY;
      const perTutorPlain = (await raw('identity')).bytes.length / MANY;
      expect(perTutorGzip * 5000).toBeLessThan(5 * MIB);
      // The plain text is the two weekly maps and the card (about 2 KiB at most): never the 14 days of nextSlots
      // (about 10 KiB a card, 47.5 MiB for 5,000).
      expect(perTutorPlain).toBeLessThan(2300);
    });
  });

  it('hourlyRate in pounds with hourlyRatePence on the card and the profile', async () => {
    await bookableTutor(app, { tutoringSubject: `${TAG} Money`, hourlyRatePence: 3550 });
    const { body } = await list({ search: `${TAG} Money` });
    expectMoney(body.tutors[0], 'hourlyRate', 3550);
    const { body: paged } = await list({ search: `${TAG} Money`, page: 1 });
    expectMoney(paged.tutors[0], 'hourlyRate', 3550);
    const { body: own } = await http().get('/api/tutor/getTutoringProfile').set(bearer(tutor.token)).expect(200);
    expectMoney(own.profile, 'hourlyRate', 4000);
  });
});
