// "getEssay leaks to the unapproved": `POST /api/tutor/getEssay` on an essay the tutor does not hold
// needs an essay-approved tutor within their level ceiling (as the pool does) and answers exactly the pool's card
// (no student's name or id, no file links) until the tutor holds the essay.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { tutorProfiles } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db, heardByTheApp, resetLimits, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { essayFlow } from './essay-flow.js';

describe('security: getEssay before acceptance', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let student: TestAccount;
  const flow = essayFlow(() => app);

  beforeAll(async () => {
    ({ app } = await bootApp({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    redis = new Redis(process.env.REDIS_URL!);
    student = await createAccount(app, { role: 'student', studentProfile: true });
  });
  beforeEach(async () => {
    await resetLimits(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('refuses a tutor not approved for essays, even with a StudyLevel of their own (403 TUTOR_NOT_APPROVED)', async () => {
    const essayId = await flow.openEssay(student, { title: 'Not for the unapproved' });
    const unapproved = await createAccount(app, { role: 'tutor' });
    // A level set (self-declared at onboarding, or left from an approval since withdrawn) is not an approval.
    await db(app).update(tutorProfiles).set({ studyLevel: 'PhD', approvedEssay: false }).where(eq(tutorProfiles.userId, unapproved.user.id));
    await heardByTheApp(app);
    const refused = await flow.getEssay(unapproved, essayId).expect(403);
    expect(refused.body.code).toBe('TUTOR_NOT_APPROVED');
    expect(JSON.stringify(refused.body)).not.toContain(student.user.name);
  });

  it('answers an approved tutor above their ceiling 404, as the pool hides it', async () => {
    const essayId = await flow.openEssay(student, { title: 'A Masters essay', academicLevel: 'Masters' });
    const bachelors = await flow.approvedTutor('Bachelors');
    await flow.getEssay(bachelors, essayId).expect(404);
  });

  it('answers the pool card, field for field, until the tutor holds the essay; the student is named from acceptance', async () => {
    const essayId = await flow.openEssay(student, { title: 'A card before accepting' });
    const tutor = await flow.approvedTutor();
    const card = (await flow.http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200)).body.essays.find((e: { _id: string }) => e._id === essayId);
    expect(card).toBeDefined();
    const preview = (await flow.getEssay(tutor, essayId).expect(200)).body.essay;
    expect(preview).toMatchObject({ studentName: '', studentId: null, fileUrl: null, markingScheme: null, modelURL: null });
    expect(JSON.stringify(preview)).not.toContain(student.user.name);
    // Same keys and values as the pool's card (updatedAt aside: the card may be a cached answer).
    expect({ ...preview, updatedAt: null }).toEqual({ ...card, updatedAt: null });

    await flow.accept(tutor, essayId).expect(200);
    const held = (await flow.getEssay(tutor, essayId).expect(200)).body.essay;
    expect(held).toMatchObject({ studentName: student.user.name, studentId: student.user.id });
    expect(held.fileUrl).toEqual(expect.any(String));
  });
});
