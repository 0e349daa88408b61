// The API takes the values the spec's own payloads and forms use, and answers the spec's
// messages word for word.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import { essays, tutorProfiles } from '../../src/infra/database/schema/index.js';
import { essayPricePence, MIN_CHARGE_PENCE } from '@redpen/shared/pricing';
import { bearer, createAccount, db, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { minimalPdf, PNG } from '../support/files.js';
import { applicationFields, isoYearsAgo } from '../support/onboarding.js';
import { ESSAY_SHAPE, expectMoney, expectShape, FEEDBACK_250, pdfOfWords, spec, SpecClient } from './spec-client.js';


describe('contract: the spec’s input values', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let client: SpecClient;
  let student: TestAccount;
  let tutor: TestAccount;
  let pdf: Buffer;

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    client = new SpecClient(app);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    tutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, tutor.user.id));
    pdf = await pdfOfWords(300);
  });
  beforeEach(() => resetLimits(redis));
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  const essay = async (id: string) => (await client.get(`/student/essay/${id}`, student).expect(200)).body.essay;

  describe('upload', () => {
    it.each([
      ['Feedback Only', 'feedback-only'],
      ['Feedback and Model Answer', 'feedback_model'],
      ['feedback-only', 'feedback-only'],
      ['feedback_model', 'feedback_model'],
    ])(spec('studentRequest (one value is Feedback and Model Answer)') + ': takes %s', async (sent, requestType) => {
      const uploaded = await client.upload(student, { studentRequest: sent }, { bytes: pdf, name: 'essay.pdf' }).expect(200);
      const read = await essay(uploaded.body.essayId as string);
      expect(read).toMatchObject({ requestType, studentRequest: requestType === 'feedback_model' ? 'Feedback and Model Answer' : 'Feedback Only' });
    });

    it('refuses a request that is neither', async () => {
      const refused = await client.upload(student, { studentRequest: 'Proofreading' }, { bytes: pdf, name: 'essay.pdf' }).expect(400);
      expect(refused.body.message).toBe('Student request must be Feedback Only or Feedback and Model Answer');
    });

    it(spec('Subject (required)') + ': free text, trimmed, 2–100 characters; a listed subject keeps the list’s spelling', async () => {
      const free = await client.upload(student, { subject: '  History of Art  ' }, { bytes: pdf, name: 'essay.pdf' }).expect(200);
      expect((await essay(free.body.essayId as string)).subject).toBe('History of Art');
      const listed = await client.upload(student, { subject: 'history' }, { bytes: pdf, name: 'essay.pdf' }).expect(200);
      expect((await essay(listed.body.essayId as string)).subject).toBe('History');
      for (const subject of ['x', 'y'.repeat(101)]) {
        expect((await client.upload(student, { subject }, { bytes: pdf, name: 'essay.pdf' }).expect(400)).body.message).toBe('Subject must be 2 to 100 characters');
      }
    });

    it(spec('Available essays with filters for level, subject and search text') + ': the subject filter finds listed and free-text subjects', async () => {
      const title = `Filter ${Date.now()}`;
      const open = async (subject: string) => {
        const uploaded = await client.upload(student, { subject, title }, { bytes: pdf, name: 'essay.pdf' }).expect(200);
        await client.post('/student/updateWordCount', student, { essayId: uploaded.body.essayId, wordCount: uploaded.body.wordCount }).expect(200);
        return uploaded.body.essayId as string;
      };
      const art = await open('History of Art');
      const history = await open('History');
      const found = async (subject: string) =>
        ((await client.get(`/tutor/getAvailableEssays?level=A-Level&subject=${encodeURIComponent(subject)}&search=${encodeURIComponent(title)}`, tutor).expect(200)).body.essays as Array<{ _id: string }>).map((e) => e._id);
      expect(await found('history of art')).toEqual([art]);
      expect(await found('History')).toEqual([history]);
    });

    it(spec('POST /student/uploadEssay (multipart: essay file, optional markingScheme, title, subject, academicLevel, notes') + '): an image without a count is priced at the minimum and its count agreed with the tutor', async () => {
      const uploaded = await client.upload(student, { title: 'A photographed essay' }, { bytes: PNG, name: 'page.png' }).expect(200);
      expect(uploaded.body).toMatchObject({ wordCountToBeAgreed: true, price: MIN_CHARGE_PENCE / 100 });
      expectMoney(uploaded.body, 'price', MIN_CHARGE_PENCE);
      const essayId = uploaded.body.essayId as string;
      // The student's confirmation puts it in the pool as it is: the count is not theirs to set.
      const confirmed = await client.post('/student/updateWordCount', student, { essayId, wordCount: 900 }).expect(200);
      expect(confirmed.body.essay).toMatchObject({ wordCountToBeAgreed: true, pricePence: MIN_CHARGE_PENCE, status: 'Pending' });
      expectShape(confirmed.body.essay, ESSAY_SHAPE);
      await client.post('/tutor/acceptEssay', tutor, { essayID: essayId }).expect(200);
      // Not payable until the tutor has set the count.
      expect(await client.post('/student/generatePaymentUrl', student, { essayId })).toMatchObject({ status: 409, body: { code: 'WORD_COUNT_NOT_SET' } });
      // The tutor sets it once in the discussion, outside any ±10 % band: it becomes the original and reprices.
      const set = await client.post(`/essays/${essayId}/confirm`, tutor, { wordCount: 2500 }).expect(200);
      expect(set.body.essay).toMatchObject({ wordCountToBeAgreed: false, wordCount: 2500, originalWordCount: 2500, pricePence: essayPricePence(2500) });
      // Once: afterwards the usual band holds.
      expect((await client.post(`/essays/${essayId}/confirm`, tutor, { wordCount: 5000 })).status).toBe(422);
      expect((await client.post(`/essays/${essayId}/confirm`, tutor, { wordCount: 2700 }).expect(200)).body.essay).toMatchObject({ wordCount: 2700, originalWordCount: 2500 });
      // Then the student confirms the price that count gives, and pays it.
      expect((await client.post('/student/generatePaymentUrl', student, { essayId })).body.code).toBe('PRICE_NOT_CONFIRMED');
      await client.post(`/essays/${essayId}/confirm-price`, student, { pricePence: essayPricePence(2700) }).expect(200);
      await client.post('/student/generatePaymentUrl', student, { essayId }).expect(200);
    });
  });

  describe('onboarding and profiles', () => {
    const base = (): Record<string, string> => ({ ...applicationFields(), hasRight: 'yes' });
    const onboard = async (fields: Record<string, string>) => {
      const account = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
      let req = request(app.getHttpServer()).post('/api/tutor/update-info').set(bearer(account.token));
      for (const [name, value] of Object.entries({ ...base(), ...fields })) req = req.field(name, value);
      req = req.attach('profilePicture', PNG, 'me.png').attach('documentFile', minimalPdf(), 'document.pdf');
      const response = await req;
      const [row] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, account.user.id));
      return { response, row };
    };

    it(spec('eligibility (BritishIrish, EuEeaSwiss, NonEuEea)') + ' is taken as the nationality', async () => {
      const { response, row } = await onboard({ eligibility: 'EuEeaSwiss', documentType: 'passport', shareCode: 'W12345678', DOB: isoYearsAgo(22) });
      expect(response.status).toBe(200);
      expect(row).toMatchObject({ eligibility: 'EuEeaSwiss' });
    });

    it.each([
      ['BritishIrish', 'birth-cert', { niNumber: 'AB123456C' }],
      ['BritishIrish', 'adoption-cert', { niNumber: 'AB123456C' }],
      ['NonEuEea', 'brp', {}],
    ])(spec('BritishIrish: document type (passport, UK birth certificate, UK adoption certificate) … NonEuEea: document type (residence permit or valid visa)') + ': %s %s', async (nationality, documentType, extra) => {
      const { response, row } = await onboard({ nationality, documentType, ...extra });
      expect(response.status).toBe(200);
      expect(row!.eligibility).toBe(nationality);
    });

    it.each([
      ['Bachelor', 'Bachelors'],
      ['Master', 'Masters'],
      ['Masters', 'Masters'],
    ])(spec('Levels: GCSE, A-Level, Bachelor, Master, PhD (the admin list uses Masters)') + ': StudyLevel %s is %s', async (sent, stored) => {
      const account = await createAccount(app, { role: 'tutor' });
      const updated = await request(app.getHttpServer()).post('/api/tutor/updateProfile').set(bearer(account.token)).field('StudyLevel', sent).expect(200);
      expect(updated.body.tutor.StudyLevel).toBe(stored);
    });

    it(spec('Profile: Date of birth can be entered only if none is stored; update sends only non-empty fields') + ': the stored date re-sent is a no-op, another is refused', async () => {
      const account = await createAccount(app, { role: 'student', studentProfile: true });
      const update = (dateOfBirth: string) => request(app.getHttpServer()).post('/api/student/updateProfile').set(bearer(account.token)).field('dateOfBirth', dateOfBirth).field('major', 'History');
      await update('2005-03-04').expect(200);
      await update('2005-03-04').expect(200);
      await update('2005-03-04T00:00:00.000Z').expect(200);
      expect((await update('2006-01-01').expect(400)).body.message).toBe('Date of birth cannot be changed once set');
      expect((await client.get('/student/profile', account).expect(200)).body.student).toMatchObject({ dateOfBirth: '2005-03-04', major: 'History' });
    });
  });

  describe('markEssay', () => {
    it.each([
      ['score 11', { score: '11', feedback: FEEDBACK_250 }, 'Score must be between 1 and 10'],
      ['score 0', { score: '0', feedback: FEEDBACK_250 }, 'Score must be between 1 and 10'],
      ['short feedback', { score: '8', feedback: 'Too short.' }, 'Feedback must be at least 250 characters long.'],
    ])(spec('Feedback must be at least 250 characters long. / Score must be between 1 and 10') + ': %s', async (_case, fields, message) => {
      const uploaded = await client.upload(student, {}, { bytes: pdf, name: 'essay.pdf' }).expect(200);
      const refused = await client.mark(tutor, { essayID: uploaded.body.essayId as string, ...fields }).expect(400);
      expect(refused.body.message).toBe(message);
      const [row] = await db(app).select().from(essays).where(eq(essays.id, uploaded.body.essayId as string));
      expect(row!.score).toBeNull();
    });
  });
});
