// The admin area's people calls and the tutoring calls, made as a client written from the product's call list would
// make them: the paths, payload keys and response keys it names, money in pounds with its integer `…Pence` twin, and
// `_id` identifiers. Each answer is checked for its keys and JSON types and for the values the walk has just written.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { FakeClock } from '../../src/infra/clock/fake-clock.js';
import { bearer, createAccount, resetLimits, TEST_PASSWORD, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { minimalPdf, PNG } from '../support/files.js';
import { legacyApplicationFields } from '../support/onboarding.js';
import { bookableTutor, LONG_TOKENS } from '../support/tutoring.js';
import { expectMoney, expectShape, pdfOfWords, type Shape, SpecClient } from './spec-client.js';

const HOUR = 3_600_000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A student as Student Management reads one. */
const ADMIN_STUDENT_SHAPE: Shape = {
  _id: 'string',
  name: 'string',
  email: 'string',
  phone: 'string?',
  dateOfBirth: 'string?',
  profilePicture: 'string?',
  emailVerified: 'boolean',
  onboardingCompleted: 'boolean',
  banned: 'boolean',
  createdAt: 'iso',
};

/** A tutor as Tutor Management reads one. */
const ADMIN_TUTOR_SHAPE: Shape = {
  _id: 'string',
  name: 'string',
  email: 'string',
  phone: 'string?',
  dateOfBirth: 'string?',
  profilePicture: 'string?',
  university: 'string?',
  course: 'string?',
  StudyLevel: 'string?',
  universityStartDate: 'string?',
  yearsOfExperience: 'integer?',
  averageRating: 'number',
  totalRatings: 'integer',
  approved: 'boolean',
  approved_essay: 'boolean',
  approved_tutoring: 'boolean',
  banned: 'boolean',
  emailVerified: 'boolean',
  onboardingCompleted: 'boolean',
  hasDBS: 'boolean',
  subjects: 'array',
  motivation: 'string?',
  createdAt: 'iso',
};

/** A tutoring session as the session screens read one. */
const SESSION_SHAPE: Shape = {
  _id: 'string',
  purpose: 'string',
  startTime: 'iso',
  endTime: 'iso',
  meetingLink: 'string?',
  rated: 'boolean',
  paymentStatus: 'string',
  tutor_paid: 'boolean',
};

const DASHBOARD_COUNTERS = ['totalUsers', 'totalStudents', 'totalTutors', 'activeEssays', 'pendingEssays', 'completedEssays'] as const;

interface SessionJson {
  _id: string;
  tutor_paid: boolean;
  tutorEarningsPence?: number;
}
const idsOf = (list: { _id: string }[]) => list.map((item) => item._id);

describe('contract: the admin area and tutoring calls', () => {
  let app: NestFastifyApplication;
  let clock: FakeClock;
  let redis: Redis;
  let client: SpecClient;
  let admin: TestAccount;
  /** Onboarded through POST /tutor/update-info (EU passport and share code), waiting for an admin's decision. */
  let applicant: TestAccount;

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, clock } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', PAYOUT_ELIGIBILITY_SECONDS: '172800', BOOKING_HOLD_SECONDS: '900' }));
    redis = new Redis(process.env.REDIS_URL!);
    await resetLimits(redis);
    client = new SpecClient(app);
    admin = await createAccount(app, { role: 'admin', onboarded: false });

    applicant = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
    const fields = legacyApplicationFields(clock.now());
    let onboarding = http().post('/api/tutor/update-info').set(bearer(applicant.token));
    for (const [name, value] of Object.entries(fields)) onboarding = onboarding.field(name, value);
    const done = await onboarding.attach('profilePicture', PNG, 'me.png').attach('passportURL', minimalPdf(), 'passport.pdf').expect(200);
    applicant = { ...applicant, token: done.body.token as string };
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  /** The account's token is refused, and signing in again says the account is banned. */
  async function expectLockedOut(account: TestAccount): Promise<void> {
    const refused = await client.get('/auth/me', account);
    expect([401, 403]).toContain(refused.status);
    const login = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(403);
    expect(login.body).toMatchObject({ code: 'ACCOUNT_BANNED', message: expect.stringContaining('banned') });
  }

  /** Unbanned: the old sessions stay ended, a new sign-in works. */
  async function expectBackIn(account: TestAccount): Promise<void> {
    const login = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(200);
    expect(login.body.user).toMatchObject({ email: account.user.email });
    await http().get('/api/auth/me').set(bearer(login.body.token as string)).expect(200);
  }

  describe('the admin area', () => {
    it('GET /api/admin/getDashboardData answers the dashboard counters, counting new accounts and a new essay', async () => {
      const before = (await client.get('/admin/getDashboardData', admin).expect(200)).body;
      expectShape(before, Object.fromEntries(DASHBOARD_COUNTERS.map((key) => [key, 'integer'])));
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      await createAccount(app, { role: 'tutor' });
      await client.upload(student, {}, { bytes: await pdfOfWords(300), name: 'essay.pdf' }).expect(200);
      // The counters are reused for a few seconds: read them again once that has passed.
      clock.advance(60_000);
      const after = (await client.get('/admin/getDashboardData', admin).expect(200)).body;
      expect(DASHBOARD_COUNTERS.map((key) => [key, after[key] - before[key]])).toEqual([
        ['totalUsers', 2],
        ['totalStudents', 1],
        ['totalTutors', 1],
        ['activeEssays', 0],
        ['pendingEssays', 1],
        ['completedEssays', 0],
      ]);
      // Admins only.
      await client.get('/admin/getDashboardData', student).expect(403);
      await client.get('/admin/getDashboardData').expect(401);
    });

    it('GET /api/admin/getUnapprovedTutors lists a tutor whose onboarding waits for a decision, with their documents grouped by nationality', async () => {
      const answer = await client.get('/admin/getUnapprovedTutors', admin).expect(200);
      expectShape(answer.body, { tutors: 'array' });
      const waiting = answer.body.tutors.find((t: { _id: string }) => t._id === applicant.user.id);
      expect(waiting).toBeDefined();
      expectShape(waiting, { ...ADMIN_TUTOR_SHAPE, documents: 'object', universityDocuments: 'array', aLevels: 'array' });
      expect(waiting).toMatchObject({ name: applicant.user.name, email: applicant.user.email, university: 'University College London', course: 'History', approved: false, waiting: ['application'] });
      expect(waiting.documents).toMatchObject({ BritishIrish: null, NonEuEea: null, EuEeaSwiss: { shareCode: 'W12345678' } });
      expect(waiting.documents.EuEeaSwiss.passportURL).toContain('X-Amz-Signature=');
      // A tutor with nothing waiting is not listed.
      const settled = await bookableTutor(app);
      expect(idsOf((await client.get('/admin/getUnapprovedTutors', admin).expect(200)).body.tutors)).not.toContain(settled.user.id);
    });

    it('GET /api/admin/getAllStudents lists the students with their keys; GET /api/admin/getStudentById/{id} answers one; PUT /api/admin/updateStudent/{id} bans and unbans', async () => {
      const student = await createAccount(app, { role: 'student', studentProfile: true, label: 'contract-student' });
      const tutor = await createAccount(app, { role: 'tutor' });

      const all = await client.get('/admin/getAllStudents', admin).expect(200);
      expectShape(all.body, { students: 'array' });
      const listed = all.body.students.find((s: { _id: string }) => s._id === student.user.id);
      expectShape(listed, ADMIN_STUDENT_SHAPE);
      expect(listed).toMatchObject({ name: student.user.name, email: student.user.email, phone: '07700900123', emailVerified: true, banned: false });
      expect(idsOf(all.body.students)).not.toContain(tutor.user.id);
      // The search: partial and case-insensitive, one page with its pagination.
      const searched = await client.get(`/admin/getAllStudents?search=${encodeURIComponent(student.user.email.toUpperCase())}`, admin).expect(200);
      expect(idsOf(searched.body.students)).toEqual([student.user.id]);
      expectShape(searched.body.pagination, { currentPage: 'integer', totalPages: 'integer', totalPayments: 'integer', hasPrev: 'boolean', hasNext: 'boolean' });

      const one = await client.get(`/admin/getStudentById/${student.user.id}`, admin).expect(200);
      expectShape(one.body.student, ADMIN_STUDENT_SHAPE);
      expect(one.body.student).toMatchObject({ _id: student.user.id, email: student.user.email, banned: false });
      await client.get(`/admin/getStudentById/${MISSING_ID}`, admin).expect(404);
      await client.get(`/admin/getStudentById/${tutor.user.id}`, admin).expect(404);

      const banned = await client.put(`/admin/updateStudent/${student.user.id}`, admin, { banned: true }).expect(200);
      expect(banned.body).toMatchObject({ message: 'Student banned', student: { _id: student.user.id, banned: true } });
      await expectLockedOut(student);
      expect((await client.get(`/admin/getStudentById/${student.user.id}`, admin).expect(200)).body.student.banned).toBe(true);

      const unbanned = await client.put(`/admin/updateStudent/${student.user.id}`, admin, { banned: false }).expect(200);
      expect(unbanned.body).toMatchObject({ message: 'Student unbanned', student: { _id: student.user.id, banned: false } });
      await expectBackIn(student);

      // banned is true or false; an id that is not a student's is not found.
      expect((await client.put(`/admin/updateStudent/${student.user.id}`, admin, { banned: 'yes' }).expect(400)).body.message).toContain('banned must be true or false');
      await client.put(`/admin/updateStudent/${admin.user.id}`, admin, { banned: true }).expect(404);
      await client.put(`/admin/updateStudent/${tutor.user.id}`, admin, { banned: true }).expect(404);
    });

    it('GET /api/admin/getAllTutors answers tutors with their keys; GET /api/admin/getTutorById/{id} answers one with documents grouped by nationality', async () => {
      const all = await client.get('/admin/getAllTutors', admin).expect(200);
      expectShape(all.body, { tutors: 'array' });
      const listed = all.body.tutors.find((t: { _id: string }) => t._id === applicant.user.id);
      expectShape(listed, ADMIN_TUTOR_SHAPE);
      expect(listed).toMatchObject({ email: applicant.user.email, university: 'University College London', course: 'History', universityStartDate: '2021-09-20', status: 'Pending', banned: false });
      expect(listed.subjects).toEqual([{ name: 'History', levels: ['GCSE', 'A-Level'] }]);
      expect(idsOf((await client.get('/admin/getAllTutors?filter=pending', admin).expect(200)).body.tutors)).toContain(applicant.user.id);
      expect(idsOf((await client.get('/admin/getAllTutors?filter=approved', admin).expect(200)).body.tutors)).not.toContain(applicant.user.id);

      const one = await client.get(`/admin/getTutorById/${applicant.user.id}`, admin).expect(200);
      expectShape(one.body.tutor, { ...ADMIN_TUTOR_SHAPE, documents: 'object', eligibility: 'string?' });
      expect(one.body.tutor).toMatchObject({ _id: applicant.user.id, eligibility: 'EuEeaSwiss' });
      expect(one.body.tutor.documents).toMatchObject({ BritishIrish: null, NonEuEea: null, EuEeaSwiss: { shareCode: 'W12345678' } });
      expectShape(one.body.tutor.documents.EuEeaSwiss, { passportURL: 'string', shareCode: 'string', DOB: 'string' });
      expect(one.body.tutor.documents.EuEeaSwiss.passportURL).toContain('X-Amz-Signature=');
      await client.get(`/admin/getTutorById/${MISSING_ID}`, admin).expect(404);
      await client.get('/admin/getTutorById/not-an-id', admin).expect(404);
    });

    it('PUT /api/admin/updateTutor/{id} bans a tutor (token refused, shown as Banned) and unbans them', async () => {
      const tutor = await bookableTutor(app);
      const banned = await client.put(`/admin/updateTutor/${tutor.user.id}`, admin, { banned: true }).expect(200);
      expect(banned.body).toMatchObject({ message: 'Tutor banned', tutor: { _id: tutor.user.id, banned: true, status: 'Banned' } });
      await expectLockedOut(tutor);
      const listed = (await client.get('/admin/getAllTutors', admin).expect(200)).body.tutors.find((t: { _id: string }) => t._id === tutor.user.id);
      expect(listed).toMatchObject({ banned: true, status: 'Banned' });

      const unbanned = await client.put(`/admin/updateTutor/${tutor.user.id}`, admin, { banned: false }).expect(200);
      expect(unbanned.body).toMatchObject({ message: 'Tutor unbanned', tutor: { _id: tutor.user.id, banned: false, status: 'Approved' } });
      await expectBackIn(tutor);
      await client.put(`/admin/updateTutor/${MISSING_ID}`, admin, { banned: true }).expect(404);
      await client.put(`/admin/updateTutor/${tutor.user.id}`, applicant, { banned: true }).expect(403);
    });
  });

  describe('tutoring', () => {
    /** Thursday 7 January 2027, noon UTC; the tutor teaches every day 09:00-11:00 and 14:00-15:00 London time. */
    const NOW = new Date('2027-01-07T12:00:00Z');
    const START = '2027-01-11T09:00:00.000Z';
    const END = '2027-01-11T10:00:00.000Z';
    let tutor: TestAccount;
    let student: TestAccount;
    let sessionId: string;

    const studentList = async (path: string) => (await client.get(`/student/${path}`, student).expect(200)).body.tutoringSessions as SessionJson[];
    const tutorList = async (path: string) => (await client.get(`/tutor/${path}`, tutor).expect(200)).body.sessions as SessionJson[];

    beforeAll(async () => {
      clock.set(NOW);
      tutor = await bookableTutor(app);
      student = await createAccount(app, { role: 'student', studentProfile: true });
    });

    it('POST /api/student/createTutoringSession {tutorId, purpose, startTime, endTime} holds the slot, answers the session and its paymentUrl', async () => {
      const booked = await client.post('/student/createTutoringSession', student, { tutorId: tutor.user.id, purpose: 'Medicine interview practice', startTime: START, endTime: END }).expect(200);
      expectShape(booked.body, { tutoringSession: 'object', paymentUrl: 'string' });
      const session = booked.body.tutoringSession;
      expectShape(session, SESSION_SHAPE);
      expect(session).toMatchObject({ purpose: 'Medicine interview practice', startTime: START, endTime: END, meetingLink: null, rated: false, paymentStatus: 'Pending', tutor_paid: false });
      expect(session.tutor).toMatchObject({ _id: tutor.user.id });
      // £40 an hour for one hour: pounds on the wire, with the pence twin.
      expectMoney(session, 'price', 4000);
      sessionId = session._id as string;

      // The slot is held: another student is refused it.
      const other = await createAccount(app, { role: 'student', studentProfile: true });
      const taken = await client.post('/student/createTutoringSession', other, { tutorId: tutor.user.id, purpose: 'Also medicine', startTime: START, endTime: END }).expect(409);
      expect(taken.body.code).toBe('SLOT_TAKEN');
      expect((await client.post('/student/createTutoringSession', student, { tutorId: tutor.user.id, startTime: START, endTime: END }).expect(400)).body.message).toContain('Purpose is required');

      await client.payAtLocalCheckout(booked.body.paymentUrl as string);
    });

    it('GET /api/student/getTutoringSessions, getUpcomingTutoringSessions and getCompletedTutoringSessions answer tutoringSessions by time', async () => {
      const all = await studentList('getTutoringSessions');
      const paid = all.find((s) => s._id === sessionId);
      expectShape(paid, SESSION_SHAPE);
      expect(paid).toMatchObject({ paymentStatus: 'Paid', meetingLink: expect.stringMatching(/^https?:\/\//), tutor_paid: false });
      expect(idsOf(await studentList('getUpcomingTutoringSessions'))).toEqual([sessionId]);
      expect(idsOf(await studentList('getCompletedTutoringSessions'))).toEqual([]);

      clock.set(new Date(Date.parse(END) + HOUR));
      expect(idsOf(await studentList('getUpcomingTutoringSessions'))).toEqual([]);
      const completed = await studentList('getCompletedTutoringSessions');
      expect(idsOf(completed)).toEqual([sessionId]);
      expectShape(completed[0], SESSION_SHAPE);
      // Only the tutor sees the tutor's earnings.
      expect(completed[0]).not.toHaveProperty('tutorEarningsPence');
      clock.set(NOW);
    });

    it('GET /api/tutor/getPendingTutoringSessions, getInProgressTutoringSessions and getCompletedTutoringSessions answer sessions by time', async () => {
      expect(idsOf(await tutorList('getPendingTutoringSessions'))).toEqual([sessionId]);
      expect(idsOf(await tutorList('getInProgressTutoringSessions'))).toEqual([]);
      expect(idsOf(await tutorList('getCompletedTutoringSessions'))).toEqual([]);

      clock.set(new Date(Date.parse(START) + 10 * 60_000));
      const running = await tutorList('getInProgressTutoringSessions');
      expect(idsOf(running)).toEqual([sessionId]);
      expectShape(running[0], SESSION_SHAPE);
      expect(idsOf(await tutorList('getPendingTutoringSessions'))).toEqual([]);

      clock.set(new Date(Date.parse(END) + HOUR));
      const completed = await tutorList('getCompletedTutoringSessions');
      expect(idsOf(completed)).toEqual([sessionId]);
      expectMoney(completed[0], 'tutorEarnings');
      expect(idsOf(await tutorList('getInProgressTutoringSessions'))).toEqual([]);
      // The tutor's lists are the tutor's: the student is refused them.
      await client.get('/tutor/getPendingTutoringSessions', student).expect(403);
      clock.set(NOW);
    });

    it('POST /api/tutor/getPaidTutoringSessions {tutoringSessionID} answers the payout paymentUrl 48 hours after the end; updateTutorPaymentStatus {sessionId} answers it paid', async () => {
      const payout = () => client.post('/tutor/getPaidTutoringSessions', tutor, { tutoringSessionID: sessionId });
      clock.set(new Date(Date.parse(END) + 47 * HOUR));
      expect((await payout().expect(422)).body.code).toBe('PAYOUT_NOT_ELIGIBLE');

      clock.set(new Date(Date.parse(END) + 48 * HOUR + 60_000));
      const earnings = (await tutorList('getCompletedTutoringSessions')).find((s) => s._id === sessionId)!.tutorEarningsPence!;
      const first = await payout().expect(200);
      expect(first.body).toEqual({ paymentUrl: expect.stringMatching(/^\/tutor\/payment-success\?payout_id=[0-9a-f-]{36}$/) });
      const payoutId = new URL(first.body.paymentUrl as string, 'http://web.test').searchParams.get('payout_id')!;
      // Asked again: the same payout, not a second one.
      expect((await payout().expect(200)).body.paymentUrl).toBe(first.body.paymentUrl);

      const status = await client.post('/tutor/updateTutorPaymentStatus', tutor, { sessionId }).expect(200);
      expect(status.body).toMatchObject({ message: 'Payment successful', payoutId });
      expectMoney(status.body, 'amount', earnings);
      expect((await tutorList('getCompletedTutoringSessions')).find((s) => s._id === sessionId)).toMatchObject({ tutor_paid: true });
      expect((await studentList('getCompletedTutoringSessions')).find((s) => s._id === sessionId)).toMatchObject({ tutor_paid: true });

      // Someone else's session is not found.
      const other = await bookableTutor(app);
      await client.post('/tutor/getPaidTutoringSessions', other, { tutoringSessionID: sessionId }).expect(404);
      expect((await client.post('/tutor/updateTutorPaymentStatus', other, { sessionId }).expect(404)).body.message).toBe('Payment session not found. Please try again.');
      clock.set(NOW);
    });

    it('POST /api/tutor/applyForDBS (multipart fullName, certificateNumber, certificateFile) files the certificate for an admin to verify', async () => {
      const applying = await createAccount(app, { role: 'tutor' });
      const apply = () => http().post('/api/tutor/applyForDBS').set(bearer(applying.token));
      const missing = await apply().field('fullName', 'Theo Tutor').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(400);
      expect(missing.body.message).toBe('Please fill in all required fields');

      const applied = await apply().field('fullName', 'Theo Tutor').field('certificateNumber', '001234567890').attach('certificateFile', minimalPdf(), 'dbs.pdf').expect(200);
      expect(applied.body).toMatchObject({
        message: 'DBS application submitted successfully',
        hasDBS: false,
        appliedForDBS: true,
        approved_tutoring: false,
        dbsApplication: { fullName: 'Theo Tutor', certificateNumber: '001234567890' },
      });
      expect(applied.body.dbsApplication.certificateFileUrl).toContain('X-Amz-Signature=');
      expect((await client.get('/tutor/getTutoringProfile', applying).expect(200)).body).toMatchObject({ appliedForDBS: true, hasDBS: false });
      // The admin sees the certificate waiting for verification.
      const waiting = (await client.get('/admin/getUnapprovedTutors', admin).expect(200)).body.tutors.find((t: { _id: string }) => t._id === applying.user.id);
      expect(waiting).toMatchObject({ waiting: expect.arrayContaining(['dbs']), dbsCertificateOnFile: true, hasDBS: false });
    });
  });
});
