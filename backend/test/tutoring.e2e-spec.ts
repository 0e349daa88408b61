// Tutoring before the money: the tutoring page's four states, the DBS application's messages and file
// checks, the availability round trip, `nextSlots` across the March and October clock changes, Find Your Tutor's
// filters in SQL, every booking refusal, and 20 students racing for one slot (the database's exclusion constraint
// lets exactly one through).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { tutorProfiles } from '../src/infra/database/schema/index.js';
import { bearer, createAccount, db, setBanned, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { minimalPdf } from './support/files.js';
import { bookableTutor, EVERY_DAY, LONG_TOKENS, settableClock, type SettableClock } from './support/tutoring.js';

interface Slot {
  startTime: string;
  endTime: string;
}
interface Card {
  _id: string;
  fullName: string;
  subject: string;
  hourlyRate: number;
  hourlyRatePence: number;
  experience: number | null;
  studyLevel: string | null;
  nextSlots: Slot[];
  averageRating: number;
  totalRatings: number;
  availability: Record<string, string[]>;
}

/** How a viewer in `timeZone` reads an instant: "HH:MM". */
const seenIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
/** A subject no other test file's tutors have, so searches see only this file's tutors. */
const TAG = `Tutoring${Date.now().toString(36)}`;

describe('tutoring: profiles, availability, search and booking rules', () => {
  let app: NestFastifyApplication;
  let clock: SettableClock;
  let student: TestAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    clock = settableClock(app);
    student = await createAccount(app, { role: 'student', studentProfile: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const tutorsMatching = async (query: Record<string, string | number>, as: TestAccount = student) =>
    (await http().get('/api/tutor/getTutorProfilesforTutoring').query(query).set(bearer(as.token)).expect(200)).body as { tutors: Card[]; total: number; page?: number };

  describe('the tutoring page (four states, decided by the server)', () => {
    it('needs a login', async () => {
      await http().get('/api/tutor/getTutoringProfile').expect(401);
    });

    it('apply → pending → editable, and only editable saves', async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      const state = async () => (await http().get('/api/tutor/getTutoringProfile').set(bearer(tutor.token)).expect(200)).body;
      expect(await state()).toMatchObject({ state: 'apply', hasDBS: false, appliedForDBS: false, approved_tutoring: false, approved: false, dbsApplication: null });

      // "I will apply" at onboarding left no certificate: still the form.
      await db(app).update(tutorProfiles).set({ appliedForDbs: true, dbsApplicationDetails: { fullName: 'T', email: 't@example.com', phone: '07700900000' } }).where(eq(tutorProfiles.userId, tutor.user.id));
      expect(await state()).toMatchObject({ state: 'apply', appliedForDBS: true });

      await http().post('/api/tutor/applyForDBS').set(bearer(tutor.token)).field('fullName', 'Theo Tutor').field('certificateNumber', '001234567890').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(200);
      const pending = await state();
      expect(pending).toMatchObject({ state: 'pending', hasDBS: false, appliedForDBS: true, dbsApplication: { fullName: 'Theo Tutor', certificateNumber: '001234567890' } });
      expect(pending.dbsApplication.certificateFileUrl).toMatch(/^https?:\/\//);

      const body = { subject: 'Maths', hourlyRate: 30, description: 'Calculus', status: 'Available', availability: { monday: ['09:00-10:00'] } };
      const refused = await http().post('/api/tutor/updateTutoringProfile').set(bearer(tutor.token)).send(body).expect(403);
      expect(refused.body).toMatchObject({ code: 'TUTORING_PROFILE_LOCKED' });

      // An admin verifies the certificate while approving tutoring.
      await db(app).update(tutorProfiles).set({ hasDbs: true, approvedTutoring: true, approved: true }).where(eq(tutorProfiles.userId, tutor.user.id));
      expect(await state()).toMatchObject({ state: 'editable', hasDBS: true, approved_tutoring: true, approved: true });
      const saved = await http().post('/api/tutor/updateTutoringProfile').set(bearer(tutor.token)).send(body).expect(200);
      expect(saved.body.message).toBe('Tutoring profile updated successfully');
    });

    it('keeps a tutor approved for tutoring but not yet verified out of the editor (pending)', async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      await db(app)
        .update(tutorProfiles)
        .set({ approved: true, approvedTutoring: true, hasDbs: false, dbsDetails: { fullName: 'A', certificateNumber: '1', certificateFileKey: 'k' } })
        .where(eq(tutorProfiles.userId, tutor.user.id));
      expect((await http().get('/api/tutor/getTutoringProfile').set(bearer(tutor.token)).expect(200)).body.state).toBe('pending');
    });
  });

  describe('the DBS application', () => {
    let tutor: TestAccount;
    beforeAll(async () => {
      tutor = await createAccount(app, { role: 'tutor' });
    });
    const apply = () => http().post('/api/tutor/applyForDBS').set(bearer(tutor.token));

    it('needs every field: "Please fill in all required fields"', async () => {
      const noName = await apply().field('certificateNumber', '123').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(400);
      expect(noName.body.message).toBe('Please fill in all required fields');
      const noNumber = await apply().field('fullName', 'Theo').field('certificateNumber', '  ').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(400);
      expect(noNumber.body.message).toBe('Please fill in all required fields');
      const noFile = await apply().field('fullName', 'Theo').field('certificateNumber', '123').expect(400);
      expect(noFile.body.message).toBe('Please fill in all required fields');
    });

    it('takes PDF, JPG or PNG by content only: "Invalid file selected"', async () => {
      const text = await apply().field('fullName', 'Theo').field('certificateNumber', '123').attach('certificateFile', Buffer.from('not a certificate at all'), 'dbs.pdf').expect(415);
      expect(text.body).toMatchObject({ code: 'UPLOAD_TYPE_NOT_ALLOWED', message: expect.stringMatching(/^Invalid file selected/) });
      const unknownField = await apply().field('fullName', 'Theo').field('certificateNumber', '123').attach('passport', minimalPdf(), 'p.pdf');
      expect(unknownField.status).toBe(400);
      expect((await http().get('/api/tutor/getTutoringProfile').set(bearer(tutor.token)).expect(200)).body.state).toBe('apply');
    });

    it('"DBS application submitted successfully", then the page is pending; a verified certificate cannot be replaced', async () => {
      const done = await apply().field('fullName', 'Theo Tutor').field('certificateNumber', '001234567890').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(200);
      expect(done.body).toMatchObject({ message: 'DBS application submitted successfully', state: 'pending', appliedForDBS: true, hasDBS: false });
      await db(app).update(tutorProfiles).set({ hasDbs: true }).where(eq(tutorProfiles.userId, tutor.user.id));
      const again = await apply().field('fullName', 'Theo Tutor').field('certificateNumber', '001234567890').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(409);
      expect(again.body.code).toBe('DBS_ALREADY_VERIFIED');
    });

    it('is for tutors only', async () => {
      await http().post('/api/tutor/applyForDBS').set(bearer(student.token)).field('fullName', 'x').expect(403);
    });
  });

  describe('the tutoring profile', () => {
    it('round-trips availability (either case in, lower case out), the rate in pounds with its pence twin, the zone and the status', async () => {
      const tutor = await bookableTutor(app);
      const body = {
        subject: `${TAG} Physics`,
        hourlyRate: 35.5,
        description: 'Mechanics and waves',
        status: 'Unavailable',
        availability: { Monday: ['10:00-11:00', '09:00-10:00'], friday: ['17:00-18:00'] },
        timeZone: 'Europe/London',
      };
      const saved = await http().post('/api/tutor/updateTutoringProfile').set(bearer(tutor.token)).send(body).expect(200);
      const expected = { subject: `${TAG} Physics`, hourlyRate: 35.5, hourlyRatePence: 3550, description: 'Mechanics and waves', status: 'Unavailable', availabilityLocal: { monday: ['09:00-10:00', '10:00-11:00'], friday: ['17:00-18:00'] }, timeZone: 'Europe/London' };
      expect(saved.body.profile).toMatchObject(expected);
      expect((await http().get('/api/tutor/getTutoringProfile').set(bearer(tutor.token)).expect(200)).body.profile).toMatchObject(expected);
    });

    it.each([
      ['a slot that is not one of the spec’s', { availability: { monday: ['13:00-14:00'] } }, /13:00-14:00/],
      ['a weekday that is not one', { availability: { Funday: ['09:00-10:00'] } }, /Funday/],
      ['an unknown zone', { timeZone: 'Mars/Olympus' }, /IANA/],
      ['a rate of £0', { hourlyRate: 0 }, /at least/],
      ['a rate over £500', { hourlyRate: 500.01 }, /at most/],
      ['a rate in fractions of a penny', { hourlyRate: 35.555 }, /amount in pounds/],
      ['a status other than Available/Unavailable', { status: 'Busy' }, /Available or Unavailable/],
      ['no subject', { subject: '' }, /Subject is required/],
    ])('refuses %s (400)', async (_name, change, message) => {
      const tutor = await bookableTutor(app);
      const body = { subject: 'Maths', hourlyRate: 30, description: 'Calculus', status: 'Available', availability: { monday: ['09:00-10:00'] }, ...change };
      const refused = await http().post('/api/tutor/updateTutoringProfile').set(bearer(tutor.token)).send(body).expect(400);
      expect(refused.body.message).toMatch(message);
    });
  });

  describe('nextSlots (a 09:00 slot is 09:00 London whatever the season)', () => {
    let tutor: TestAccount;
    beforeAll(async () => {
      tutor = await bookableTutor(app, { tutoringSubject: `${TAG} Seasons`, availability: EVERY_DAY(['09:00-10:00']) });
    });
    afterAll(() => clock.reset());
    const slotsAt = async (now: string) => {
      clock.set(now);
      const { tutors } = await tutorsMatching({ search: `${TAG} Seasons`, page: 1 });
      expect(tutors.map((t) => t._id)).toEqual([tutor.user.id]);
      return tutors[0]!.nextSlots;
    };

    it('is 09:00Z in January and 08:00Z in July, 14 days of them', async () => {
      const january = await slotsAt('2027-01-10T12:00:00Z');
      expect(january).toHaveLength(14);
      expect(january[0]).toEqual({ startTime: '2027-01-11T09:00:00.000Z', endTime: '2027-01-11T10:00:00.000Z' });
      const july = await slotsAt('2027-07-10T12:00:00Z');
      expect(july[0]).toEqual({ startTime: '2027-07-11T08:00:00.000Z', endTime: '2027-07-11T09:00:00.000Z' });
    });

    it('moves an hour earlier in UTC at the March change and stays 09:00 for a London viewer', async () => {
      const slots = await slotsAt('2027-03-25T12:00:00Z');
      expect(slots.slice(0, 4).map((s) => s.startTime)).toEqual(['2027-03-26T09:00:00.000Z', '2027-03-27T09:00:00.000Z', '2027-03-28T08:00:00.000Z', '2027-03-29T08:00:00.000Z']);
      expect(slots.map((s) => seenIn(s.startTime, 'Europe/London'))).toEqual(Array(14).fill('09:00'));
      expect(slots.slice(0, 4).map((s) => seenIn(s.startTime, 'UTC'))).toEqual(['09:00', '09:00', '08:00', '08:00']);
    });

    it('moves an hour later in UTC at the October change', async () => {
      const slots = await slotsAt('2027-10-28T12:00:00Z');
      expect(slots.slice(0, 4).map((s) => s.startTime)).toEqual(['2027-10-29T08:00:00.000Z', '2027-10-30T08:00:00.000Z', '2027-10-31T09:00:00.000Z', '2027-11-01T09:00:00.000Z']);
      expect(slots.map((s) => seenIn(s.startTime, 'Europe/London'))).toEqual(Array(14).fill('09:00'));
      expect(slots.slice(0, 4).map((s) => seenIn(s.startTime, 'UTC'))).toEqual(['08:00', '08:00', '09:00', '09:00']);
    });
  });

  describe('Find Your Tutor', () => {
    let cheap: TestAccount;
    let senior: TestAccount;
    beforeAll(async () => {
      cheap = await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry`, hourlyRatePence: 2000, yearsOfExperience: 1, studyLevel: 'Bachelors' });
      senior = await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry`, hourlyRatePence: 6000, yearsOfExperience: 12, studyLevel: 'PhD' });
      // Not bookable: each for one reason.
      await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry`, approvedTutoring: false });
      await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry`, hasDbs: false });
      await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry`, approved: false });
      await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry`, tutoringAvailable: false });
      const banned = await bookableTutor(app, { tutoringSubject: `${TAG} Chemistry` });
      await setBanned(app, banned.user.id, true);
    });

    it('lists only approved, DBS-verified, Available, non-banned tutors, with the card’s fields', async () => {
      const { tutors, total } = await tutorsMatching({ search: `${TAG} chemistry` });
      expect(tutors.map((t) => t._id).sort()).toEqual([cheap.user.id, senior.user.id].sort());
      expect(total).toBe(2);
      expect(tutors.find((t) => t._id === cheap.user.id)).toMatchObject({ fullName: cheap.user.name, subject: `${TAG} Chemistry`, hourlyRate: 20, hourlyRatePence: 2000, experience: 1, studyLevel: 'Bachelors', averageRating: 0, totalRatings: 0 });
    });

    it('filters by study level, sorts by rate or experience, searches names case-insensitively, pages when asked', async () => {
      const chemistry = `${TAG} Chemistry`;
      expect((await tutorsMatching({ search: chemistry.toLowerCase(), studyLevel: 'PhD' })).tutors.map((t) => t._id)).toEqual([senior.user.id]);
      expect((await tutorsMatching({ search: chemistry, studyLevel: 'all' })).tutors).toHaveLength(2);
      expect((await tutorsMatching({ search: chemistry, sort: 'hourlyRate' })).tutors.map((t) => t._id)).toEqual([cheap.user.id, senior.user.id]);
      expect((await tutorsMatching({ search: chemistry, sort: 'experience' })).tutors.map((t) => t._id)).toEqual([senior.user.id, cheap.user.id]);
      expect((await tutorsMatching({ search: senior.user.name.toUpperCase() })).tutors.map((t) => t._id)).toEqual([senior.user.id]);
      const page2 = await tutorsMatching({ search: chemistry, sort: 'hourlyRate', page: 2, limit: 1 });
      expect(page2).toMatchObject({ total: 2, page: 2, tutors: [{ _id: senior.user.id }] });
      expect((await tutorsMatching({ search: `${TAG} nobody` })).tutors).toEqual([]);
    });

    it('is open to tutors and students, not admins; bad parameters are 400', async () => {
      const admin = await createAccount(app, { role: 'admin', onboarded: false });
      await http().get('/api/tutor/getTutorProfilesforTutoring').set(bearer(admin.token)).expect(403);
      await tutorsMatching({ search: TAG }, cheap);
      await http().get('/api/tutor/getTutorProfilesforTutoring').query({ sort: 'price' }).set(bearer(student.token)).expect(400);
      await http().get('/api/tutor/getTutorProfilesforTutoring').query({ limit: 1000 }).set(bearer(student.token)).expect(400);
    });
  });

  describe('booking refusals', () => {
    let tutor: TestAccount;
    // Sunday 10 January 2027, noon: Monday 11 January 09:00-10:00 London (= UTC in winter) is a slot.
    const NOW = '2027-01-10T12:00:00Z';
    beforeAll(async () => {
      tutor = await bookableTutor(app, { availability: { monday: ['09:00-10:00', '10:00-11:00'], sunday: ['14:00-15:00'] } });
      clock.set(NOW);
    });
    afterAll(() => clock.reset());
    const book = (as: TestAccount, body: Record<string, string>) =>
      http()
        .post('/api/student/createTutoringSession')
        .set(bearer(as.token))
        .send({ tutorId: tutor.user.id, purpose: 'Oxford interview practice', ...body });

    it.each([
      ['outside the availability', '2027-01-11T11:00:00Z', '2027-01-11T12:00:00Z', 'SLOT_NOT_AVAILABLE', /outside the tutor's availability/],
      ['off a slot’s start', '2027-01-11T09:30:00Z', '2027-01-11T10:00:00Z', 'SLOT_NOT_AVAILABLE', /outside the tutor's availability/],
      ['in the past', '2027-01-10T09:00:00Z', '2027-01-10T10:00:00Z', 'SLOT_NOT_AVAILABLE', /already passed/],
      ['45 minutes long', '2027-01-11T09:00:00Z', '2027-01-11T09:45:00Z', 'SLOT_NOT_AVAILABLE', /30 or 60 minutes/],
      ['beyond 14 days', '2027-01-25T09:00:00Z', '2027-01-25T10:00:00Z', 'SLOT_NOT_AVAILABLE', /14 days/],
    ])('%s (422)', async (_name, startTime, endTime, code, message) => {
      const refused = await book(student, { startTime, endTime }).expect(422);
      expect(refused.body).toMatchObject({ code, message: expect.stringMatching(message) });
    });

    it('inside the 15-minute lead: a 14:00 slot at 13:46 is refused, at 13:45 taken', async () => {
      clock.set('2027-01-10T13:46:00Z');
      const refused = await book(student, { startTime: '2027-01-10T14:00:00Z', endTime: '2027-01-10T15:00:00Z' }).expect(422);
      expect(refused.body.message).toMatch(/at least 15 minutes/);
      clock.set('2027-01-10T13:45:00Z');
      const other = await createAccount(app, { role: 'student', studentProfile: true });
      await book(other, { startTime: '2027-01-10T14:00:00Z', endTime: '2027-01-10T15:00:00Z' }).expect(200);
      clock.set(NOW);
    });

    it('an overlap for the tutor (409 SLOT_TAKEN), and for the student with another tutor at the same time', async () => {
      const first = await createAccount(app, { role: 'student', studentProfile: true });
      await book(first, { startTime: '2027-01-11T10:00:00Z', endTime: '2027-01-11T10:30:00Z' }).expect(200);
      const taken = await book(student, { startTime: '2027-01-11T10:00:00Z', endTime: '2027-01-11T11:00:00Z' }).expect(409);
      expect(taken.body).toMatchObject({ code: 'SLOT_TAKEN', message: expect.stringMatching(/just been booked/) });

      const other = await bookableTutor(app, { availability: { monday: ['10:00-11:00'] } });
      const clash = await http()
        .post('/api/student/createTutoringSession')
        .set(bearer(first.token))
        .send({ tutorId: other.user.id, purpose: 'Second opinion', startTime: '2027-01-11T10:00:00Z', endTime: '2027-01-11T11:00:00Z' })
        .expect(409);
      expect(clash.body).toMatchObject({ code: 'SLOT_TAKEN', message: 'You already have a session booked at this time.' });
    });

    it.each([
      ['not approved for tutoring', { approvedTutoring: false }],
      ['without a verified DBS', { hasDbs: false }],
      ['Unavailable', { tutoringAvailable: false }],
      ['not approved at all', { approved: false }],
    ])('a tutor %s (422 TUTOR_NOT_BOOKABLE)', async (_name, profile) => {
      const unbookable = await bookableTutor(app, profile);
      const refused = await http()
        .post('/api/student/createTutoringSession')
        .set(bearer(student.token))
        .send({ tutorId: unbookable.user.id, purpose: 'Practice', startTime: '2027-01-11T09:00:00Z', endTime: '2027-01-11T10:00:00Z' })
        .expect(422);
      expect(refused.body.code).toBe('TUTOR_NOT_BOOKABLE');
    });

    it('malformed bodies (400) and tutors cannot book (403)', async () => {
      await book(student, { startTime: 'tomorrow', endTime: '2027-01-11T10:00:00Z' }).expect(400);
      await book(student, { purpose: '', startTime: '2027-01-11T09:00:00Z', endTime: '2027-01-11T10:00:00Z' }).expect(400);
      await book(tutor, { startTime: '2027-01-11T09:00:00Z', endTime: '2027-01-11T10:00:00Z' }).expect(403);
    });
  });

  it('20 students racing for one slot: one booking, 19 clear refusals, and the slot leaves nextSlots', async () => {
    clock.set('2027-01-10T12:00:00Z');
    const tutor = await bookableTutor(app, { tutoringSubject: `${TAG} Race`, availability: { tuesday: ['09:00-10:00', '10:00-11:00'] } });
    const students = await Promise.all(Array.from({ length: 20 }, () => createAccount(app, { role: 'student', studentProfile: true })));
    const answers = await Promise.all(
      students.map((s) =>
        http()
          .post('/api/student/createTutoringSession')
          .set(bearer(s.token))
          .send({ tutorId: tutor.user.id, purpose: 'Race', startTime: '2027-01-12T09:00:00Z', endTime: '2027-01-12T10:00:00Z' }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'SLOT_TAKEN')).toBe(true);
    const winner = answers.find((a) => a.status === 200)!;
    expect(winner.body).toMatchObject({ tutoringSession: { status: 'held', paymentStatus: 'Pending', pricePence: 4000, price: 40 }, paymentUrl: expect.stringMatching(/^https?:\/\//) });
    const { tutors } = await tutorsMatching({ search: `${TAG} Race`, page: 1 });
    expect(tutors[0]!.nextSlots.map((s) => s.startTime)).toEqual(['2027-01-12T10:00:00.000Z', '2027-01-19T09:00:00.000Z', '2027-01-19T10:00:00.000Z']);
    clock.reset();
  });
});
