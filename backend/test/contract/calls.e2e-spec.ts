// A walk of every documented call of the student, tutor and chat screens that the API serves today, in the
// order a spec client makes them, with the spec's payloads; each answer is checked for the keys and JSON types the
// spec names. The admin's people calls and the tutoring sessions are walked in admin-and-tutoring-calls.e2e-spec.ts.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import { tutorProfiles } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db, resetLimits, TEST_PASSWORD, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { bookableTutor } from '../support/tutoring.js';
import { type CaughtMail, uniqueAddress, waitForMails } from '../support/mail-catcher.js';
import { minimalPdf, PNG } from '../support/files.js';
import { legacyApplicationFields } from '../support/onboarding.js';
import { ESSAY_SHAPE, expectMoney, expectShape, FEEDBACK_250, PAYMENT_SHAPE, pdfOfWords, spec, SpecClient } from './spec-client.js';

const codeIn = (mail: CaughtMail | undefined) => /code is: (\d{6})/.exec(mail?.text ?? '')?.[1];
const resetTokenIn = (mail: CaughtMail | undefined) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
const USER_SHAPE = { role: 'string', onboardingCompleted: 'boolean', name: 'string', email: 'string' } as const;

describe('contract: every documented call of the student, tutor and chat screens', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let client: SpecClient;
  let student: TestAccount;
  let tutor: TestAccount;
  let admin: TestAccount;
  let essayId: string;
  let secondEssayId: string;

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    await resetLimits(redis);
    client = new SpecClient(app);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
    admin = await createAccount(app, { role: 'admin' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, tutor.user.id));
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  describe('the API root', () => {
    it(spec('At start-up a connectivity test does a GET to the API root') + ': /api and /api/ answer alike', async () => {
      const bare = await http().get('/api').expect(200);
      const slash = await http().get('/api/').expect(200);
      expect(slash.body).toEqual(bare.body);
      expectShape(slash.body, { name: 'string', version: 'string' });
    });

    it('every route answers with a trailing slash too; the health probes are unchanged', async () => {
      expect((await client.get('/student/essays/', student).expect(200)).body.essays).toEqual((await client.get('/student/essays', student).expect(200)).body.essays);
      await http().post('/api/auth/login/').send({ email: student.user.email, password: TEST_PASSWORD }).expect(200);
      await http().get('/api/health').expect(200);
      await http().get('/api/health/').expect(200);
      await http().get('/api/no-such-route/').expect(404);
    });
  });

  describe('auth', () => {
    const email = uniqueAddress('contract');

    it(spec('POST /auth/register {name, email, password, role, phone}') + ' then ' + spec('POST /auth/verifyEmail {email, emailVerificationCode}; returns a token'), async () => {
      await http().post('/api/auth/register').send({ name: 'Casey Contract', email, password: 'Sturdy-Contract-42!', role: 'student', phone: '07700900456' }).expect(201);
      const code = codeIn((await waitForMails(email))[0]);
      await resetLimits(redis);
      const resent = await http().post('/api/auth/resendCode').send({ email });
      expect(resent.status).toBe(200);
      expect(typeof resent.body.token === 'string' || typeof resent.body.message === 'string').toBe(true);
      const codes = (await waitForMails(email, 2)).map(codeIn);
      const verified = await http().post('/api/auth/verifyEmail').send({ email, emailVerificationCode: codes.at(-1) ?? code }).expect(200);
      expectShape(verified.body, { token: 'string', user: 'object' });
    });

    it(spec('POST /auth/login {email, password}; returns token and user (role, onboardingCompleted)'), async () => {
      const login = await http().post('/api/auth/login').send({ email: student.user.email, password: TEST_PASSWORD }).expect(200);
      expectShape(login.body, { token: 'string', user: 'object' });
      expectShape(login.body.user, USER_SHAPE);
    });

    it(spec('POST /auth/verify2FA {userId, twoFAToken}') + ' and ' + spec('POST /auth/resend2FA {email}'), async () => {
      const account = await createAccount(app, { twoFactor: true });
      const first = await http().post('/api/auth/login').send({ email: account.user.email, password: TEST_PASSWORD }).expect(200);
      expect(first.body.userId).toBe(account.user.id);
      await waitForMails(account.user.email);
      await resetLimits(redis);
      expectShape((await http().post('/api/auth/resend2FA').send({ email: account.user.email }).expect(200)).body, { message: 'string' });
      const code = codeIn((await waitForMails(account.user.email, 2)).at(-1));
      const signedIn = await http().post('/api/auth/verify2FA').send({ userId: account.user.id, twoFAToken: code }).expect(200);
      expectShape(signedIn.body, { token: 'string', user: 'object' });
    });

    it(spec('POST /auth/requestPasswordReset {email}') + ' and ' + spec('POST /auth/resetPassword {resetToken, newPassword}'), async () => {
      const account = await createAccount(app);
      expectShape((await http().post('/api/auth/requestPasswordReset').send({ email: account.user.email }).expect(200)).body, { message: 'string' });
      const resetToken = resetTokenIn((await waitForMails(account.user.email))[0]);
      expect(resetToken).toBeDefined();
      expectShape((await http().post('/api/auth/resetPassword').send({ resetToken, newPassword: 'Brand-New-Kettle-9!' }).expect(200)).body, { message: 'string' });
    });

    it(spec('GET /auth/checkProfiles; response has student and tutor booleans') + '; ' + spec('Get user info by token; response user'), async () => {
      expectShape((await client.get('/auth/checkProfiles', student).expect(200)).body, { student: 'boolean', tutor: 'boolean' });
      expectShape((await client.get('/auth/me', student).expect(200)).body.user, USER_SHAPE);
    });
  });

  describe('tutor onboarding and profile, with the documents', () => {
    let newTutor: TestAccount;

    it(spec('POST /tutor/update-info as multipart with the onboarding fields (subjects and aLevels as JSON text)'), async () => {
      newTutor = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
      const fields = legacyApplicationFields(new Date());
      let req = http().post('/api/tutor/update-info').set(bearer(newTutor.token));
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      const done = await req.attach('profilePicture', PNG, 'me.png').attach('passportURL', minimalPdf(), 'passport.pdf').expect(200);
      newTutor = { ...newTutor, token: done.body.token as string };
    });

    it(spec('documents (BritishIrish: passportURL, NINumber, UkBornOrAdoptedCertificateURL; EuEeaSwiss: passportURL, shareCode, DOB; NonEuEea: …)') + ' on GET /tutor/getProfile', async () => {
      const profile = await client.get('/tutor/getProfile', newTutor).expect(200);
      expectShape(profile.body.tutor, {
        name: 'string', email: 'string', profilePicture: 'string?', university: 'string?', StudyLevel: 'string?', yearsOfExperience: 'integer?', motivation: 'string?',
        subjects: 'array', approved: 'boolean', approved_essay: 'boolean', approved_tutoring: 'boolean', hasDBS: 'boolean', appliedForDBS: 'boolean',
        dbsDetails: 'object?', dbsApplicationDetails: 'object?', eligibility: 'string?', rightToWork: 'boolean', documents: 'object', aLevels: 'array', universityDocuments: 'array', userId: 'object',
      });
      const documents = profile.body.tutor.documents;
      expect(documents).toMatchObject({ BritishIrish: null, NonEuEea: null, EuEeaSwiss: { shareCode: 'W12345678' } });
      expectShape(documents.EuEeaSwiss, { passportURL: 'string', shareCode: 'string', DOB: 'string' });
      expect(documents.EuEeaSwiss.passportURL).toContain('X-Amz-Signature=');
    });

    it(spec('POST /tutor/updateProfile | multipart profile fields incl. subjects | tutor') + ' and PATCH /tutor/updateTutorProfile', async () => {
      const updated = await http().post('/api/tutor/updateProfile').set(bearer(newTutor.token)).field('university', 'King’s College London').field('subjects', JSON.stringify([{ name: 'History', levels: ['A-Level'] }])).expect(200);
      expectShape(updated.body, { tutor: 'object' });
      expect(updated.body.tutor.university).toBe('King’s College London');
      await http().patch('/api/tutor/updateTutorProfile').set(bearer(newTutor.token)).field('motivation', 'Essays are where ideas get sharp.').expect(200);
    });
  });

  describe('the essay, student and tutor', () => {
    it(spec('POST /student/updateProfile (multipart: files, major, university, bio, dateOfBirth); response message and updatedStudent or newStudent') + '; GET /student/profile', async () => {
      const updated = await http().post('/api/student/updateProfile').set(bearer(student.token)).field('major', 'History').field('university', 'UCL').field('bio', 'Hello').attach('files', PNG, 'me.png').expect(200);
      expectShape(updated.body, { message: 'string', updatedStudent: 'object' });
      const profile = await client.get('/student/profile', student).expect(200);
      expectShape(profile.body.student, { userId: 'object', major: 'string?', university: 'string?', bio: 'string?', dateOfBirth: 'string?', profilePicture: 'string?' });
      expectShape(profile.body.student.userId, { name: 'string', email: 'string' });
    });

    it(spec('POST /student/uploadEssay (multipart: essay file, optional markingScheme, title, subject, academicLevel, notes') + ') → essayId, wordCount, price', async () => {
      const pdf = await pdfOfWords(400);
      const uploaded = await client.upload(student, { notes: 'Please check my structure' }, { bytes: pdf, name: 'essay.pdf' }).expect(200);
      expectShape(uploaded.body, { essayId: 'string', wordCount: 'integer', price: 'pounds' });
      essayId = uploaded.body.essayId as string;
      secondEssayId = (await client.upload(student, { title: 'Second essay' }, { bytes: pdf, name: 'essay.pdf' }).expect(200)).body.essayId as string;
    });

    it(spec('POST /student/updateWordCount {essayId, wordCount, originalWordCount}'), async () => {
      for (const id of [essayId, secondEssayId]) {
        const confirmed = await client.post('/student/updateWordCount', student, { essayId: id, wordCount: 400, originalWordCount: 400 }).expect(200);
        expectShape(confirmed.body.essay, ESSAY_SHAPE);
      }
    });

    it(spec('GET /student/essays; GET /student/essays/pending; GET /student/essays/in-progress; GET /student/essays/completed') + '; GET /student/essay/{id}', async () => {
      for (const list of ['', '/pending', '/in-progress', '/completed']) {
        const answer = await client.get(`/student/essays${list}`, student).expect(200);
        expectShape(answer.body, { essays: 'array' });
        for (const essay of answer.body.essays) expectShape(essay, ESSAY_SHAPE);
      }
      expectShape((await client.get(`/student/essay/${essayId}`, student).expect(200)).body.essay, ESSAY_SHAPE);
    });

    it(spec('GET /tutor/getAvailableEssays | none | essays') + '; POST /tutor/getEssay essayID → essay', async () => {
      const pool = await client.get('/tutor/getAvailableEssays', tutor).expect(200);
      expectShape(pool.body, { essays: 'array' });
      expect(pool.body.essays.map((e: { _id: string }) => e._id)).toEqual(expect.arrayContaining([essayId, secondEssayId]));
      for (const essay of pool.body.essays) expectShape(essay, { ...ESSAY_SHAPE, fileUrl: 'string?' });
      expectShape((await client.post('/tutor/getEssay', tutor, { essayID: essayId }).expect(200)).body.essay, ESSAY_SHAPE);
    });

    it(spec('POST /tutor/acceptEssay | essayID | essay'), async () => {
      for (const id of [essayId, secondEssayId]) expectShape((await client.post('/tutor/acceptEssay', tutor, { essayID: id }).expect(200)).body.essay, ESSAY_SHAPE);
    });

    it(spec('GET /api/essays/{essayId}: essay details; POST …/messages: body content; POST …/confirm: no body shown; POST …/reject: no body shown'), async () => {
      expectShape((await client.get(`/essays/${essayId}`, tutor).expect(200)).body.essay, ESSAY_SHAPE);
      const sent = await client.post(`/essays/${essayId}/messages`, tutor, { content: 'Hello, the count looks right to me.' }).expect(200);
      expectShape(sent.body.message, { _id: 'string', sender: 'string', recipient: 'string', content: 'string', timestamp: 'iso' });
      expect((await client.post(`/essays/${essayId}/confirm`, tutor).expect(200)).body.essay).toMatchObject({ tutorConfirmed: true });
      expect((await client.post(`/essays/${secondEssayId}/reject`, tutor).expect(200)).body.essay).toMatchObject({ accepted: false, status: 'Pending' });
    });

    it(spec('POST /student/generatePaymentUrl {essayId}; returns paymentUrl') + ' and ' + spec('POST /student/updatePaymentStatus {essayId, paymentStatus, sessionId, amount}'), async () => {
      const url = await client.post('/student/generatePaymentUrl', student, { essayId }).expect(200);
      expectShape(url.body, { paymentUrl: 'string' });
      const sessionId = await client.payAtLocalCheckout(url.body.paymentUrl as string);
      const status = await client.post('/student/updatePaymentStatus', student, { essayId, paymentStatus: 'Paid', sessionId, amount: 6 }).expect(200);
      expectShape(status.body, { message: 'string', paymentStatus: 'string', amount: 'pounds' });
      expect(status.body.paymentStatus).toBe('Paid');
    });

    it(spec('POST /tutor/markEssay | multipart: essayID, score, feedback, optional modelAnswerFile | essay, message'), async () => {
      const marked = await client.mark(tutor, { essayID: essayId, score: '8', feedback: FEEDBACK_250 }).expect(200);
      expectShape(marked.body, { essay: 'object', message: 'string' });
      expectShape(marked.body.essay, ESSAY_SHAPE);
      expect(marked.body.essay).toMatchObject({ status: 'Completed', score: 8 });
    });

    it(spec('GET /tutor/getAllEssays | none | essays') + '; GET /tutor/getCompletedEssays; GET /tutor/getDashboard', async () => {
      expectShape((await client.get('/tutor/getAllEssays', tutor).expect(200)).body, { essays: 'array' });
      const completed = await client.get('/tutor/getCompletedEssays', tutor).expect(200);
      expect(completed.body.essays.map((e: { _id: string }) => e._id)).toContain(essayId);
      expectShape((await client.get('/tutor/getDashboard', tutor).expect(200)).body, { essaysReviewed: 'integer', interviewsConducted: 'integer', rating: 'number', earnings: 'pounds' });
    });

    it(spec('POST /student/acceptEssay/{id}') + '; GET /student/getPendingRating; ' + spec('POST /student/giveRating {type, ratings, feedback, essayId}'), async () => {
      await client.post(`/student/acceptEssay/${essayId}`, student).expect(200);
      expect((await client.get('/student/getPendingRating', student).expect(200)).body.essays.map((e: { _id: string }) => e._id)).toContain(essayId);
      await client.post('/student/giveRating', student, { type: 'essay', ratings: 5, feedback: 'Very helpful', essayId }).expect(200);
      const rated = (await client.get(`/student/essay/${essayId}`, student).expect(200)).body.essay;
      expect(rated).toMatchObject({ rated: true, studentRating: { rating: 5, feedback: 'Very helpful' } });
      expectShape((await client.get('/student/getDashboard', student).expect(200)).body, { essaysSubmitted: 'integer', interviewsCompleted: 'integer', averagePercentage: 'string' });
    });

    it(spec('POST /tutor/generateTutorPaymentUrl | essayId | paymentUrl') + ' and ' + spec('POST /tutor/updateTutorPaymentStatus | essayId (the tutor profile calls also name sessionId and amount) | message') + '', async () => {
      const url = await client.post('/tutor/generateTutorPaymentUrl', tutor, { essayId }).expect(200);
      expectShape(url.body, { paymentUrl: 'string' });
      const payoutId = new URL(url.body.paymentUrl as string, 'http://web.test').searchParams.get('payout_id')!;
      // The spec's body: the essay, with the amount its client has (ignored: the ledger's is answered).
      const byEssay = await client.post('/tutor/updateTutorPaymentStatus', tutor, { essayId, amount: 999 }).expect(200);
      expectShape(byEssay.body, { message: 'string', amount: 'pounds' });
      expect(byEssay.body).toMatchObject({ message: 'Payment successful', payoutId });
      // The return page's session_id, which is the payout's id; and our own payoutId.
      expect((await client.post('/tutor/updateTutorPaymentStatus', tutor, { sessionId: payoutId, amount: byEssay.body.amount }).expect(200)).body.payoutId).toBe(payoutId);
      expectMoney((await client.post('/tutor/updateTutorPaymentStatus', tutor, { payoutId }).expect(200)).body, 'amount', byEssay.body.amountPence as number);
      // Naming nothing, or a payout of someone else's, is the spec's "Payment session not found. Please try again."
      expect((await client.post('/tutor/updateTutorPaymentStatus', tutor, { amount: 5 }).expect(400)).body.message).toBe('Payment session not found. Please try again.');
      const other = await createAccount(app, { role: 'tutor' });
      expect((await client.post('/tutor/updateTutorPaymentStatus', other, { essayId }).expect(404)).body.message).toBe('Payment session not found. Please try again.');
      expect((await client.post('/tutor/updateTutorPaymentStatus', other, { sessionId: payoutId }).expect(404)).body.message).toBe('Payment session not found. Please try again.');
    });

    it(spec('GET /student/getAllContacts; GET /student/messages/{id}') + '; ' + spec('GET /tutor/getAllContactsForTutor | none | students (_id, name, profilePicture)') + '; GET /tutor/messages/{id}', async () => {
      const tutors = await client.get('/student/getAllContacts', student).expect(200);
      expectShape(tutors.body, { tutors: 'array' });
      expectShape(tutors.body.tutors.find((c: { _id: string }) => c._id === tutor.user.id), { _id: 'string', name: 'string', profilePicture: 'string?' });
      const students = await client.get('/tutor/getAllContactsForTutor', tutor).expect(200);
      expectShape(students.body.students.find((c: { _id: string }) => c._id === student.user.id), { _id: 'string', name: 'string', profilePicture: 'string?' });
      for (const [as, id] of [[student, tutor.user.id], [tutor, student.user.id]] as const) {
        const thread = await client.get(`/${as === student ? 'student' : 'tutor'}/messages/${id}`, as).expect(200);
        expectShape(thread.body, { messages: 'array' });
        expectShape(thread.body.messages[0], { _id: 'string', sender: 'string', recipient: 'string', content: 'string', timestamp: 'iso', senderModel: 'string', senderRole: 'string' });
      }
    });
  });

  describe('admin payments', () => {
    it(spec('GET /admin/payments with query page, limit (20), type, status, payerType, recipientType, dateFrom, dateTo; response payments and pagination'), async () => {
      const list = await client.get('/admin/payments?page=1&limit=20&type=student_essay_payment&status=completed&payerType=student', admin).expect(200);
      expectShape(list.body, { payments: 'array', pagination: 'object' });
      expectShape(list.body.pagination, { currentPage: 'integer', totalPages: 'integer', totalPayments: 'integer', hasPrev: 'boolean', hasNext: 'boolean' });
      for (const payment of list.body.payments) expectShape(payment, PAYMENT_SHAPE);
      expect(list.body.payments.length).toBeGreaterThan(0);
    });

    it(spec('GET /admin/payments/{id}; response payment') + '; ' + spec('PUT /admin/payments/{id}/status {status, adminNotes}') + '; GET /admin/payments/stats', async () => {
      const [first] = (await client.get('/admin/payments?limit=1', admin).expect(200)).body.payments;
      expectShape((await client.get(`/admin/payments/${first._id as string}`, admin).expect(200)).body.payment, PAYMENT_SHAPE);
      const noted = await client.put(`/admin/payments/${first._id as string}/status`, admin, { status: first.status, adminNotes: 'Checked by the contract suite' }).expect(200);
      expect(noted.body.payment.adminNotes).toBe('Checked by the contract suite');
      expectShape((await client.get('/admin/payments/stats', admin).expect(200)).body.overall, { netProfit: 'pounds', studentPayments: 'pounds', tutorPayments: 'pounds' });
    });

    it(spec('POST /admin/approveTutor {tutorId, approved_essay, approved_tutoring, StudyLevel}') + ' — StudyLevel Bachelor/Master accepted, another word refused by name', async () => {
      const applicant = await createAccount(app, { role: 'tutor' });
      await db(app).update(tutorProfiles).set({ onboardingSubmittedAt: new Date(), studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, applicant.user.id));
      const approve = (StudyLevel: unknown) => client.post('/admin/approveTutor', admin, { tutorId: applicant.user.id, approved_essay: true, approved_tutoring: false, StudyLevel });
      for (const [sent, stored] of [['Bachelor', 'Bachelors'], ['Master', 'Masters'], ['master', 'Masters'], ['PhD', 'PhD']]) {
        const approved = await approve(sent).expect(200);
        expectShape(approved.body, { message: 'string', tutor: 'object' });
        expect(approved.body.tutor.StudyLevel).toBe(stored);
      }
      const refused = await approve('Doctorate').expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'StudyLevel "Doctorate" is not one of Bachelors, Masters, PhD', errors: [{ field: 'StudyLevel', message: 'StudyLevel "Doctorate" is not one of Bachelors, Masters, PhD' }] });
      expect((await approve(undefined).expect(400)).body.message).toBe('Please select a study level');
    });
  });

  describe('tutoring', () => {
    /** This run's tutoring tutor, found by its subject (unique: the database outlives a run). */
    const SUBJECT = `Contract tutoring ${Date.now().toString(36)}`;
    const AVAILABILITY_SHAPE = { monday: 'array' } as const;
    let tutoring: TestAccount;
    beforeAll(async () => {
      tutoring = await bookableTutor(app, { tutoringSubject: SUBJECT, availability: { monday: ['09:00-10:00'] }, timeZone: 'Europe/London' });
    });

    it('GET /tutor/getTutoringProfile answers profile, hasDBS, appliedForDBS, approved_tutoring and approved', async () => {
      const { body } = await client.get('/tutor/getTutoringProfile', tutoring).expect(200);
      expectShape(body, { profile: 'object', hasDBS: 'boolean', appliedForDBS: 'boolean', approved_tutoring: 'boolean', approved: 'boolean' });
      expect(body).toMatchObject({ hasDBS: true, approved_tutoring: true, approved: true });
      expectShape(body.profile, { subject: 'string', hourlyRate: 'pounds', hourlyRatePence: 'pence', description: 'string', status: 'string', availability: 'object', availabilityLocal: 'object', timeZone: 'string', nextSlots: 'array' });
      expectShape(body.profile.availabilityLocal, AVAILABILITY_SHAPE);
      expect(body.profile.availabilityLocal).toEqual({ monday: ['09:00-10:00'] });
    });

    it('POST /tutor/updateTutoringProfile takes subject, hourlyRate in pounds, description, status and availability, and answers the profile', async () => {
      const sent = { subject: SUBJECT, hourlyRate: 37.5, description: 'Mock interviews', status: 'Available', availability: { monday: ['09:00-10:00', '10:00-11:00'] }, timeZone: 'Europe/London' };
      const { body } = await client.post('/tutor/updateTutoringProfile', tutoring, sent).expect(200);
      expectShape(body, { message: 'string', profile: 'object' });
      expectMoney(body.profile, 'hourlyRate', 3750);
      expect(body.profile).toMatchObject({ subject: SUBJECT, description: 'Mock interviews', status: 'Available', availabilityLocal: { monday: ['09:00-10:00', '10:00-11:00'] }, timeZone: 'Europe/London' });
    });

    it('GET /tutor/getTutorProfilesforTutoring answers tutors: the card’s fields, hourlyRate in pounds with hourlyRatePence', async () => {
      const { body } = await client.get(`/tutor/getTutorProfilesforTutoring?search=${encodeURIComponent(SUBJECT)}`, student).expect(200);
      expectShape(body, { tutors: 'array', total: 'integer' });
      expect(body.tutors).toHaveLength(1);
      const [card] = body.tutors;
      expectShape(card, {
        _id: 'string',
        fullName: 'string',
        subject: 'string?',
        university: 'string?',
        experience: 'integer?',
        hourlyRate: 'pounds',
        studyLevel: 'string?',
        description: 'string?',
        profilePicture: 'string?',
        availability: 'object',
        availabilityLocal: 'object',
        timeZone: 'string',
      });
      expect(card._id).toBe(tutoring.user.id);
      expectMoney(card, 'hourlyRate', 3750);
      expectShape(card.availability, AVAILABILITY_SHAPE);
      for (const slot of Object.values(card.availability as Record<string, string[]>).flat()) expect(slot).toMatch(/^\d\d:\d\d-\d\d:\d\d$/);
    });
  });
});
