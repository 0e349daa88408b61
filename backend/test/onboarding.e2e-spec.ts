import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import { tutorProfiles } from '../src/infra/database/schema/index.js';
import { StorageService } from '../src/infra/storage/storage.service.js';
import { bearer, createAccount, db, resetLimits } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { minimalPdf, PNG } from './support/files.js';
import { waitForMails } from './support/mail-catcher.js';
import { isoYearsAgo } from './support/onboarding.js';

type Fields = Record<string, string | undefined>;
type Files = Record<string, Buffer | undefined>;

const validFields = (): Fields => ({
  motivation: 'I love helping students write better essays.',
  university: 'University College London',
  course: 'History',
  dateOfBirth: isoYearsAgo(22),
  aLevelsCompletionDate: '2021-07-01',
  universityStartDate: '2021-09-20',
  expectedGraduationDate: '2024-06-30',
  aLevels: JSON.stringify([{ subject: 'History', grade: 'A*' }, { subject: '', grade: '' }]),
  subjects: JSON.stringify([{ name: 'History', levels: ['GCSE', 'A-Level'] }]),
  hasRight: 'yes',
  nationality: 'BritishIrish',
  documentType: 'passport',
  hasDBS: 'true',
  fullNameDBS: 'Jane Doe',
  certificateNumber: '001234567890',
});
const validFiles = (): Files => ({ profilePicture: PNG, documentFile: minimalPdf(), certificateFile: minimalPdf('dbs'), aLevelsCertificate: PNG });

describe('tutor onboarding (POST /api/tutor/update-info)', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  const submit = (token: string, fields: Fields = validFields(), files: Files = validFiles()) => {
    let req = request(app.getHttpServer()).post('/api/tutor/update-info').set(bearer(token));
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) req = req.field(name, value);
    for (const [name, value] of Object.entries(files)) if (value) req = req.attach(name, value, name === 'profilePicture' ? 'me.png' : `${name}.pdf`);
    return req;
  };
  const newTutor = async () => (await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false })).token;

  beforeAll(async () => {
    ({ app } = await bootApp());
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  beforeEach(() => resetLimits(redis));

  it('emails the tutor at submission that the application waits for approval, with a link to the dashboard', async () => {
    const account = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
    await submit(account.token).expect(200);
    const [mail] = await waitForMails(account.user.email);
    expect(mail?.subject).toBe('Your tutor application is waiting for approval');
    expect(mail?.text).toMatch(/usually takes 1-3 business days/);
    expect(mail?.text).toMatch(/\/tutor\/dashboard/);
  });

  it('accepts a complete submission, stores files privately and re-issues the token', async () => {
    const account = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
    const response = await submit(account.token).expect(200);
    expect(response.body.message).toBe('Onboarding submitted. Your profile is awaiting admin approval.');
    expect(response.body.user).toMatchObject({ id: account.user.id, role: 'tutor', onboardingCompleted: true });
    const claims = JSON.parse(Buffer.from(response.body.token.split('.')[1], 'base64url').toString());
    expect(claims.onboardingCompleted).toBe(true);

    const [row] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, account.user.id));
    // "I have a DBS" stores the certificate for an admin to verify; it no longer verifies anything by itself.
    expect(row).toMatchObject({ approved: false, eligibility: 'BritishIrish', hasDbs: false, rightToWork: true, aLevels: [{ subject: 'History', grade: 'A*' }] });
    expect(row!.profilePictureKey).toMatch(new RegExp(`^tutors/${account.user.id}/profilePicture-.+\\.png$`));
    expect(row!.rightToWorkDocuments.passportKey).toMatch(new RegExp(`^tutors/${account.user.id}/.+\\.pdf$`));
    const stored = await app.get(StorageService).read(row!.dbsDetails!.certificateFileKey);
    expect(stored.subarray(0, 5).toString()).toBe('%PDF-');

    const profile = await request(app.getHttpServer()).get('/api/tutor/getProfile').set(bearer(response.body.token)).expect(200);
    expect(profile.body.tutor).toMatchObject({ _id: account.user.id, university: 'University College London', course: 'History', hasDBS: false, approved: false, pendingProfilePicture: false });
    expect(profile.body.tutor.profilePicture).toContain('X-Amz-Signature=');
    expect(profile.body.tutor.dbsDetails.certificateFileUrl).toContain('X-Amz-Signature=');
  });

  it('adds a tutor profile to a student account without changing its role', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    await request(app.getHttpServer()).get('/api/tutor/getProfile').set(bearer(student.token)).expect(403);
    const response = await submit(student.token).expect(200);
    expect(response.body.user.role).toBe('student');
    expect((await request(app.getHttpServer()).get('/api/auth/checkProfiles').set(bearer(response.body.token)).expect(200)).body).toEqual({ student: true, tutor: true });
    await request(app.getHttpServer()).get('/api/tutor/getProfile').set(bearer(response.body.token)).expect(200);
    await request(app.getHttpServer()).get('/api/student/profile').set(bearer(response.body.token)).expect(200);
  });

  it('refuses admins', async () => {
    const admin = await createAccount(app, { role: 'admin' });
    await submit(admin.token).expect(403);
  });

  it('checks files by content: a text file named .pdf is refused', async () => {
    const response = await submit(await newTutor(), validFields(), { ...validFiles(), documentFile: Buffer.from('just some text, not a PDF at all') }).expect(415);
    expect(response.body.message).toBe('Allowed file types: PDF, JPEG, PNG');
  });

  it('refuses a PDF as profile picture', async () => {
    await submit(await newTutor(), validFields(), { ...validFiles(), profilePicture: minimalPdf() }).expect(415);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(5 * 1024 * 1024 + 1, 32)]);
    const response = await submit(await newTutor(), validFields(), { ...validFiles(), documentFile: big }).expect(413);
    expect(response.body.message).toBe('File size must be less than 5 MB');
  });

  const rule = (name: string, change: (f: Fields, files: Files) => void, message: string) => [name, change, message] as const;
  it.each([
    rule('profile picture missing', (_f, files) => delete files.profilePicture, 'Profile picture is required'),
    rule('university missing', (f) => delete f.university, 'University is required'),
    rule('course missing', (f) => delete f.course, 'Course is required'),
    rule('date of birth missing', (f) => delete f.dateOfBirth, 'Date of birth is required'),
    rule('motivation missing', (f) => delete f.motivation, 'Motivation is required'),
    rule('motivation too long', (f) => (f.motivation = 'x'.repeat(251)), 'Motivation must be 250 characters or fewer'),
    rule('A-Level completion date missing', (f) => delete f.aLevelsCompletionDate, 'A-Level completion date is required'),
    rule('university start missing', (f) => delete f.universityStartDate, 'University start date is required'),
    rule('graduation missing', (f) => delete f.expectedGraduationDate, 'Expected graduation date is required'),
    rule('graduation before the start', (f) => (f.expectedGraduationDate = f.universityStartDate), 'Expected graduation date must be after the university start date'),
    rule('malformed NI number', (f) => Object.assign(f, { documentType: 'ukBirthCertificate', niNumber: 'QQ123456Z' }), 'Please enter a valid National Insurance number, like AB 12 34 56 C'),
    rule('age 15', (f) => (f.dateOfBirth = isoYearsAgo(15)), 'You must be between 16 and 100 years old'),
    rule('age 101', (f) => (f.dateOfBirth = isoYearsAgo(101)), 'You must be between 16 and 100 years old'),
    rule('no A-Levels', (f) => (f.aLevels = '[]'), 'Add at least one A-Level with a subject and a grade'),
    rule('half-filled A-Level', (f) => (f.aLevels = JSON.stringify([{ subject: 'History', grade: 'A' }, { subject: 'Maths', grade: '' }])), 'Enter both a subject and a grade, or remove this A-Level'),
    rule('no subjects', (f) => (f.subjects = '[]'), 'Add at least one subject with its levels'),
    rule('subject without levels', (f) => (f.subjects = JSON.stringify([{ name: 'History', levels: [] }])), 'Enter a subject name and choose at least one level, or remove this subject'),
    rule('right to work unanswered', (f) => delete f.hasRight, 'Please tell us whether you have the right to work in the UK'),
    rule('no right to work', (f) => (f.hasRight = 'no'), 'Only tutors with the right to work in the UK can be onboarded.'),
    rule('nationality missing', (f) => delete f.nationality, 'Please select your nationality'),
    rule('document type missing', (f) => delete f.documentType, 'Please select a document type'),
    rule('visa for a British tutor', (f) => (f.documentType = 'validVisa'), 'This document is not accepted for the selected nationality'),
    rule('document file missing', (_f, files) => delete files.documentFile, 'Please upload your right-to-work document'),
    rule('birth certificate without NI number', (f) => (f.documentType = 'ukBirthCertificate'), 'National Insurance number is required'),
    rule('EU without share code', (f) => Object.assign(f, { nationality: 'EuEeaSwiss', rightToWorkDateOfBirth: '2000-01-01' }), 'Share code is required'),
    rule('EU without birth date', (f) => Object.assign(f, { nationality: 'EuEeaSwiss', shareCode: 'W12345678' }), 'Date of birth is required'),
    rule('DBS status missing', (f) => delete f.hasDBS, 'Please select your DBS status'),
    rule('DBS without certificate file', (_f, files) => delete files.certificateFile, 'Please upload your DBS certificate'),
    rule('DBS without certificate number', (f) => delete f.certificateNumber, 'Certificate number is required'),
    rule('DBS application with a bad email', (f, files) => {
      Object.assign(f, { hasDBS: 'false', appliedForDBS: 'true', dbsApplicationDetails: JSON.stringify({ fullName: 'Jane', phone: '0770', email: 'nope' }) });
      delete files.certificateFile;
    }, 'Please enter a valid email address'),
  ])('refuses: %s', async (_name, change, message) => {
    const fields = validFields();
    const files = validFiles();
    change(fields, files);
    const response = await submit(await newTutor(), fields, files).expect(400);
    expect(response.body.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it.each([
    ['British with a birth certificate and NI number', { documentType: 'ukBirthCertificate', niNumber: 'AB123456C' }],
    ['EU with share code', { nationality: 'EuEeaSwiss', shareCode: 'W12345678', rightToWorkDateOfBirth: '2000-01-01' }],
    ['EU with share code and the spec\'s DOB field', { nationality: 'EuEeaSwiss', shareCode: 'W12345678', DOB: '2000-01-01' }],
    ['non-EU with a residence permit', { nationality: 'NonEuEea', documentType: 'biometricResidencePermit' }],
    ['no DBS, continuing without', { hasDBS: 'false', appliedForDBS: 'false', fullNameDBS: undefined, certificateNumber: undefined }],
    // The spec's payload: dbsApplicationDetails {fullName, phone, email}; the agreement is the form's.
    ['no DBS, starting an application', { hasDBS: 'false', appliedForDBS: 'true', fullNameDBS: undefined, certificateNumber: undefined, dbsApplicationDetails: JSON.stringify({ fullName: 'Jane Doe', phone: '07700900123', email: 'jane@example.com' }) }],
  ])('accepts: %s', async (_name, change) => {
    const fields: Fields = { ...validFields(), ...change };
    const files = validFiles();
    if (fields.hasDBS === 'false') delete files.certificateFile;
    await submit(await newTutor(), fields, files).expect(200);
  });

  describe('files and fields: the spec\'s names only, nothing left behind on a refusal', () => {
    const storage = () => app.get(StorageService);
    const stored = (userId: string) => storage().list(`tutors/${userId}/`);
    const profileRow = async (userId: string) => (await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, userId)))[0];
    const tutorAccount = () => createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });

    it('refuses an unknown file field with 400 naming it, storing nothing', async () => {
      const account = await tutorAccount();
      const response = await submit(account.token, validFields(), { ...validFiles(), cv: minimalPdf() }).expect(400);
      expect(response.body).toMatchObject({ code: 'UPLOAD_FIELD_NOT_ALLOWED', message: 'Unexpected field "cv"', errors: [{ field: 'cv', message: 'Unexpected field "cv"' }] });
      expect(await stored(account.user.id)).toEqual([]);
      expect(await profileRow(account.user.id)).toBeUndefined();
    });

    it('refuses a text field the spec does not send (the DBS agreement is confirmed in the form)', async () => {
      const account = await tutorAccount();
      const response = await submit(account.token, { ...validFields(), dbsAgreementAccepted: 'true' }).expect(400);
      expect(response.body).toMatchObject({ code: 'UPLOAD_FIELD_NOT_ALLOWED', errors: [{ field: 'dbsAgreementAccepted' }] });
      expect(await stored(account.user.id)).toEqual([]);
    });

    it('refuses a DBS certificate sent without hasDBS rather than dropping it', async () => {
      const account = await tutorAccount();
      const fields = { ...validFields(), hasDBS: 'false', appliedForDBS: 'false', fullNameDBS: undefined, certificateNumber: undefined };
      const response = await submit(account.token, fields).expect(400);
      expect(response.body.errors).toEqual([{ field: 'certificateFile', message: 'This file does not belong with the answers given' }]);
      expect(await stored(account.user.id)).toEqual([]);
      expect(await profileRow(account.user.id)).toBeUndefined();
    });

    it('a wrong type in a later file removes the files already stored, and writes nothing', async () => {
      const account = await tutorAccount();
      // profilePicture and documentFile are stored before certificateFile arrives and is refused.
      const response = await submit(account.token, validFields(), { profilePicture: PNG, documentFile: minimalPdf(), certificateFile: Buffer.from('plain text, not a PDF') }).expect(415);
      expect(response.body).toMatchObject({ code: 'UPLOAD_TYPE_NOT_ALLOWED', errors: [{ field: 'certificateFile' }] });
      expect(await stored(account.user.id)).toEqual([]);
      expect(await profileRow(account.user.id)).toBeUndefined();
    });

    it('an oversized file is refused with 413 and nothing is left in the bucket', async () => {
      const account = await tutorAccount();
      const big = Buffer.concat([minimalPdf(), Buffer.alloc(5 * 1024 * 1024 + 1, 32)]);
      const response = await submit(account.token, validFields(), { profilePicture: PNG, documentFile: minimalPdf(), certificateFile: big }).expect(413);
      expect(response.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'File size must be less than 5 MB' });
      expect(await stored(account.user.id)).toEqual([]);
    });

    it('fields that fail the rules after the files streamed leave nothing stored', async () => {
      const account = await tutorAccount();
      await submit(account.token, { ...validFields(), course: undefined }).expect(400);
      expect(await stored(account.user.id)).toEqual([]);
      expect(await profileRow(account.user.id)).toBeUndefined();
    });

    it('answers 409 once onboarding is submitted, storing nothing more', async () => {
      const account = await tutorAccount();
      await submit(account.token).expect(200);
      const before = (await stored(account.user.id)).sort();
      const row = await profileRow(account.user.id);
      const again = await submit(account.token).expect(409);
      expect(again.body).toMatchObject({ code: 'ONBOARDING_ALREADY_SUBMITTED' });
      expect((await stored(account.user.id)).sort()).toEqual(before);
      expect(await profileRow(account.user.id)).toEqual(row);
    });

    it('answers 409 to an approved tutor, so documents cannot be swapped past the admin', async () => {
      const account = await createAccount(app, { role: 'tutor' });
      await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true }).where(eq(tutorProfiles.userId, account.user.id));
      await submit(account.token).expect(409);
      expect(await stored(account.user.id)).toEqual([]);
    });

    it('deletes the files of an earlier, unsubmitted profile that the submission replaces', async () => {
      const account = await createAccount(app, { role: 'tutor', onboarded: false });
      const oldKey = `tutors/${account.user.id}/profilePicture-old.png`;
      await storage().upload(oldKey, PNG, 'image/png');
      await db(app).update(tutorProfiles).set({ profilePictureKey: oldKey }).where(eq(tutorProfiles.userId, account.user.id));
      await submit(account.token).expect(200);
      const keys = await stored(account.user.id);
      expect(keys).not.toContain(oldKey);
      expect(keys).toContain((await profileRow(account.user.id))!.profilePictureKey);
    });
  });
});
