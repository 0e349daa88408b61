import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { tutorProfiles } from '../src/infra/database/schema/index.js';
import { StorageService } from '../src/infra/storage/storage.service.js';
import { bearer, createAccount, db } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { minimalPdf, PNG } from './support/files.js';

describe('profiles', () => {
  let app: NestFastifyApplication;
  const http = () => request(app.getHttpServer());
  const storage = () => app.get(StorageService);

  beforeAll(async () => {
    ({ app } = await bootApp());
  });
  afterAll(async () => app?.close());

  describe('student', () => {
    it('creates an empty profile on first read', async () => {
      const student = await createAccount(app);
      const response = await http().get('/api/student/profile').set(bearer(student.token)).expect(200);
      expect(response.body.student).toEqual({
        userId: { name: student.user.name, email: student.user.email }, major: null, university: null, bio: null, dateOfBirth: null, profilePicture: null,
      });
    });

    it('updates only the fields sent; the date of birth only once; a real image only', async () => {
      const student = await createAccount(app);
      const first = await http().post('/api/student/updateProfile').set(bearer(student.token))
        .field('major', 'Law').field('dateOfBirth', '2005-03-04').attach('files', PNG, 'me.png').expect(200);
      expect(first.body.message).toBe('Profile updated successfully');
      expect(first.body.updatedStudent).toMatchObject({ major: 'Law', university: null, dateOfBirth: '2005-03-04' });
      expect(first.body.updatedStudent.profilePicture).toContain('X-Amz-Signature=');

      const second = await http().post('/api/student/updateProfile').set(bearer(student.token)).field('university', 'UCL').expect(200);
      expect(second.body.updatedStudent).toMatchObject({ major: 'Law', university: 'UCL', dateOfBirth: '2005-03-04' });

      const locked = await http().post('/api/student/updateProfile').set(bearer(student.token)).field('dateOfBirth', '2004-01-01').expect(400);
      expect(locked.body.message).toBe('Date of birth cannot be changed once set');
      await http().post('/api/student/updateProfile').set(bearer(student.token)).attach('files', minimalPdf(), 'me.png').expect(415);
      await http().post('/api/student/updateProfile').set(bearer(student.token)).attach('files', Buffer.from('hello'), 'me.jpg').expect(415);
    });

    it('takes the picture as `files` (the spec\'s name) and refuses any other file field, naming it', async () => {
      const student = await createAccount(app, { studentProfile: true });
      const refused = await http().post('/api/student/updateProfile').set(bearer(student.token)).field('major', 'Law').attach('profilePicture', PNG, 'me.png').expect(400);
      expect(refused.body).toMatchObject({ code: 'UPLOAD_FIELD_NOT_ALLOWED', message: 'Unexpected field "profilePicture"', errors: [{ field: 'profilePicture' }] });
      const profile = await http().get('/api/student/profile').set(bearer(student.token)).expect(200);
      expect(profile.body.student).toMatchObject({ major: null, profilePicture: null });
      expect(await storage().list(`students/${student.user.id}/`)).toEqual([]);
    });

    it('replacing the picture deletes the old one from storage', async () => {
      const student = await createAccount(app, { studentProfile: true });
      await http().post('/api/student/updateProfile').set(bearer(student.token)).attach('files', PNG, 'one.png').expect(200);
      const [first] = await storage().list(`students/${student.user.id}/`);
      await http().post('/api/student/updateProfile').set(bearer(student.token)).attach('files', PNG, 'two.png').expect(200);
      const after = await storage().list(`students/${student.user.id}/`);
      expect(after).toHaveLength(1);
      expect(after).not.toContain(first);
    });

    it('a field over its limit after the picture streamed leaves nothing stored and nothing changed', async () => {
      const student = await createAccount(app, { studentProfile: true });
      const response = await http().post('/api/student/updateProfile').set(bearer(student.token))
        .attach('files', PNG, 'me.png').field('major', 'x'.repeat(101)).expect(400);
      expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'major', message: 'Major must be at most 100 characters' }] });
      expect(await storage().list(`students/${student.user.id}/`)).toEqual([]);
      const profile = await http().get('/api/student/profile').set(bearer(student.token)).expect(200);
      expect(profile.body.student).toMatchObject({ major: null, profilePicture: null });
    });

    it('is for students only', async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      await http().get('/api/student/profile').set(bearer(tutor.token)).expect(403);
      await http().get('/api/student/profile').expect(401);
    });
  });

  describe('tutor', () => {
    it('updates the profile; a new picture waits for approval', async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      const before = await http().get('/api/tutor/getProfile').set(bearer(tutor.token)).expect(200);
      expect(before.body.tutor).toMatchObject({ name: tutor.user.name, email: tutor.user.email, profilePicture: null, pendingProfilePicture: false });

      const updated = await http().post('/api/tutor/updateProfile').set(bearer(tutor.token))
        .field('StudyLevel', 'Masters').field('yearsOfExperience', '3').field('subjects', JSON.stringify([{ name: 'Maths', levels: ['GCSE'] }]))
        .attach('profilePicture', PNG, 'me.png').expect(200);
      expect(updated.body.message).toBe('Profile updated successfully');
      expect(updated.body.tutor).toMatchObject({ StudyLevel: 'Masters', yearsOfExperience: 3, university: 'UCL', subjects: [{ name: 'Maths', levels: ['GCSE'] }], profilePicture: null, pendingProfilePicture: true });

      const patched = await http().patch('/api/tutor/updateTutorProfile').set(bearer(tutor.token)).field('motivation', 'Still here').expect(200);
      expect(patched.body.tutor.motivation).toBe('Still here');
    });

    it.each([
      ['motivation', 'x'.repeat(251), 'Motivation must be 250 characters or fewer'],
      ['StudyLevel', 'Diploma', 'Study level must be one of PhD, Masters, Bachelors'],
      ['yearsOfExperience', '-1', 'Years of experience must be a whole number from 0 to 80'],
    ])('refuses %s = %s', async (field, value, message) => {
      const tutor = await createAccount(app, { role: 'tutor' });
      const response = await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).field(field, value).expect(400);
      expect(response.body.message).toBe(message);
    });

    it('a new pending picture replaces (and deletes) the previous pending one; the approved one stays', async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      const approvedKey = `tutors/${tutor.user.id}/profilePicture-approved.png`;
      await storage().upload(approvedKey, PNG, 'image/png');
      await db(app).update(tutorProfiles).set({ profilePictureKey: approvedKey }).where(eq(tutorProfiles.userId, tutor.user.id));
      await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).attach('profilePicture', PNG, 'one.png').expect(200);
      const [first] = (await storage().list(`tutors/${tutor.user.id}/pending-`));
      await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).attach('profilePicture', PNG, 'two.png').expect(200);
      const keys = await storage().list(`tutors/${tutor.user.id}/`);
      expect(first).toBeDefined();
      expect(keys).not.toContain(first);
      expect(keys).toContain(approvedKey);
      expect(keys).toHaveLength(2);
    });

    it('refuses a field the profile form does not have', async () => {
      const tutor = await createAccount(app, { role: 'tutor' });
      const response = await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).field('approved', 'true').expect(400);
      expect(response.body).toMatchObject({ code: 'UPLOAD_FIELD_NOT_ALLOWED', errors: [{ field: 'approved' }] });
    });

    it('answers 404 before onboarding', async () => {
      const tutor = await createAccount(app, { role: 'tutor', tutorProfile: false, onboarded: false });
      await http().get('/api/tutor/getProfile').set(bearer(tutor.token)).expect(404);
    });
  });
});
