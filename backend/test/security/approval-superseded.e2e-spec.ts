// Security regression: an admin approves only what they saw. An approval names the value it approves (the level, or
// the picture's key); when the tutor asked again after the admin loaded the page, the approval is refused 409
// CHANGE_SUPERSEDED and nothing changes, so a tutor cannot swap a request for a higher level (or another picture) under
// an admin's click.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { tutorProfiles, type TutorProfileRow } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { PNG } from '../support/files.js';

interface Listed {
  _id: string;
  StudyLevel: string | null;
  pendingStudyLevel: string | null;
  pendingProfilePictureKey: string | null;
}

describe('an approval names what the admin saw', () => {
  let app: NestFastifyApplication;
  let admin: TestAccount;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await bootApp());
    admin = await createAccount(app, { role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function tutorWith(values: Partial<TutorProfileRow>): Promise<TestAccount> {
    const tutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set(values).where(eq(tutorProfiles.userId, tutor.user.id));
    return tutor;
  }
  const approvedTutor = () => tutorWith({ approved: true, approvedEssay: true, studyLevel: 'Bachelors', applicationReviewedAt: new Date() });
  const profileOf = async (tutor: TestAccount) => (await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.user.id)))[0]!;
  const askLevel = (tutor: TestAccount, level: string) => http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).field('StudyLevel', level).expect(200);
  const sendPicture = (tutor: TestAccount, name: string) => http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).attach('profilePicture', PNG, name).expect(200);
  /** The tutor as the admin's Approve Tutors page loads them. */
  async function adminSees(tutor: TestAccount): Promise<Listed> {
    const { tutors } = (await http().get('/api/admin/getUnapprovedTutors').set(bearer(admin.token)).expect(200)).body as { tutors: Listed[] };
    return tutors.find((t) => t._id === tutor.user.id)!;
  }
  const review = (body: Record<string, unknown>) => http().post('/api/admin/reviewTutorChange').set(bearer(admin.token)).send(body);
  const approveTutor = (body: Record<string, unknown>) => http().post('/api/admin/approveTutor').set(bearer(admin.token)).send(body);

  describe('a StudyLevel change (reviewTutorChange)', () => {
    it('the tutor asks for Masters, the admin loads it, the tutor asks for PhD: approving Masters is refused and the tutor stays Bachelors', async () => {
      const tutor = await approvedTutor();
      await askLevel(tutor, 'Masters');
      const seen = await adminSees(tutor);
      expect(seen.pendingStudyLevel).toBe('Masters');
      await askLevel(tutor, 'PhD');

      const refused = await review({ tutorId: tutor.user.id, change: 'StudyLevel', approve: true, StudyLevel: seen.pendingStudyLevel });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'CHANGE_SUPERSEDED', message: expect.stringContaining('PhD') });
      expect(await profileOf(tutor)).toMatchObject({ studyLevel: 'Bachelors', pendingStudyLevel: 'PhD' });

      // The page reloads and shows PhD: approving what is now shown works.
      const reloaded = await adminSees(tutor);
      expect(reloaded.pendingStudyLevel).toBe('PhD');
      const approved = await review({ tutorId: tutor.user.id, change: 'StudyLevel', approve: true, StudyLevel: reloaded.pendingStudyLevel }).expect(200);
      expect(approved.body.tutor).toMatchObject({ StudyLevel: 'PhD', pendingStudyLevel: null });
    });

    it('an approval that names no level is refused (it would take whatever is pending by then)', async () => {
      const tutor = await approvedTutor();
      await askLevel(tutor, 'Masters');
      const unnamed = await review({ tutorId: tutor.user.id, change: 'StudyLevel', approve: true }).expect(400);
      expect(unnamed.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Name the study level you approve' });
      expect(await profileOf(tutor)).toMatchObject({ studyLevel: 'Bachelors', pendingStudyLevel: 'Masters' });
    });

    it('a rejection naming a superseded level is refused too: the new request is not dropped unseen', async () => {
      const tutor = await approvedTutor();
      await askLevel(tutor, 'Masters');
      await askLevel(tutor, 'PhD');
      const refused = await review({ tutorId: tutor.user.id, change: 'StudyLevel', approve: false, reason: 'No Masters on file', StudyLevel: 'Masters' }).expect(409);
      expect(refused.body.code).toBe('CHANGE_SUPERSEDED');
      expect(await profileOf(tutor)).toMatchObject({ pendingStudyLevel: 'PhD' });
    });

    it('the spec spellings name the same level: "Master" approves a pending Masters', async () => {
      const tutor = await approvedTutor();
      await askLevel(tutor, 'Masters');
      const approved = await review({ tutorId: tutor.user.id, change: 'StudyLevel', approve: true, StudyLevel: 'Master' }).expect(200);
      expect(approved.body.tutor).toMatchObject({ StudyLevel: 'Masters', pendingStudyLevel: null });
    });
  });

  describe('a picture change (reviewTutorChange)', () => {
    it('a picture replaced after the admin loaded the page is not approved in its place', async () => {
      const tutor = await approvedTutor();
      await sendPicture(tutor, 'first.png');
      const seen = await adminSees(tutor);
      expect(seen.pendingProfilePictureKey).toEqual(expect.any(String));
      await sendPicture(tutor, 'second.png');
      const second = (await profileOf(tutor)).pendingProfilePictureKey;
      expect(second).not.toBe(seen.pendingProfilePictureKey);

      const refused = await review({ tutorId: tutor.user.id, change: 'profilePicture', approve: true, profilePictureKey: seen.pendingProfilePictureKey }).expect(409);
      expect(refused.body).toMatchObject({ code: 'CHANGE_SUPERSEDED', message: expect.stringContaining('another profile picture') });
      expect(await profileOf(tutor)).toMatchObject({ profilePictureKey: null, pendingProfilePictureKey: second });

      await review({ tutorId: tutor.user.id, change: 'profilePicture', approve: true }).expect(400);
      const approved = await review({ tutorId: tutor.user.id, change: 'profilePicture', approve: true, profilePictureKey: (await adminSees(tutor)).pendingProfilePictureKey }).expect(200);
      expect(approved.body.tutor).toMatchObject({ pendingProfilePicture: false, pendingProfilePictureKey: null });
      expect(await profileOf(tutor)).toMatchObject({ profilePictureKey: second });
    });
  });

  describe('the application (approveTutor)', () => {
    it('expectedStudyLevel: the tutor changed their level after the admin loaded it, so the approval is refused', async () => {
      const tutor = await tutorWith({ onboardingSubmittedAt: new Date(), studyLevel: 'Masters' });
      const seen = await adminSees(tutor);
      expect(seen.StudyLevel).toBe('Masters');
      await askLevel(tutor, 'PhD');
      const refused = await approveTutor({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false, StudyLevel: 'Masters', expectedStudyLevel: seen.StudyLevel }).expect(409);
      expect(refused.body).toMatchObject({ code: 'CHANGE_SUPERSEDED', message: expect.stringContaining('PhD') });
      expect(await profileOf(tutor)).toMatchObject({ approved: false, studyLevel: 'PhD' });
    });

    it('the admin may still correct the level they saw: another StudyLevel than expected is a correction, not a supersession', async () => {
      const tutor = await tutorWith({ onboardingSubmittedAt: new Date(), studyLevel: 'PhD' });
      const seen = await adminSees(tutor);
      const approved = await approveTutor({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false, StudyLevel: 'Bachelors', expectedStudyLevel: seen.StudyLevel }).expect(200);
      expect(approved.body.tutor).toMatchObject({ approved: true, StudyLevel: 'Bachelors' });
    });

    it("an approved tutor's pending level is what expectedStudyLevel is compared with", async () => {
      const tutor = await approvedTutor();
      await askLevel(tutor, 'Masters');
      const seen = await adminSees(tutor);
      await askLevel(tutor, 'PhD');
      const expected = seen.pendingStudyLevel ?? seen.StudyLevel;
      await approveTutor({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false, StudyLevel: 'Masters', expectedStudyLevel: expected }).expect(409);
      expect(await profileOf(tutor)).toMatchObject({ studyLevel: 'Bachelors', pendingStudyLevel: 'PhD' });
      await approveTutor({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false, StudyLevel: 'PhD', expectedStudyLevel: 'PhD' }).expect(200);
      expect(await profileOf(tutor)).toMatchObject({ studyLevel: 'PhD', pendingStudyLevel: null });
    });

    it('a client that does not send expectedStudyLevel still sets exactly the level it names', async () => {
      const tutor = await tutorWith({ onboardingSubmittedAt: new Date(), studyLevel: 'Masters' });
      await askLevel(tutor, 'PhD');
      const approved = await approveTutor({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false, StudyLevel: 'Masters' }).expect(200);
      expect(approved.body.tutor).toMatchObject({ StudyLevel: 'Masters' });
    });
  });
});
