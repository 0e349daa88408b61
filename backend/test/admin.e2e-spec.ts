// The admin area: the dashboard's counts, tutor approval and its rules, Student and Tutor Management's
// lists, bans (the released essays and refunds, exactly once), Transactions on the ledger with its CSV export,
// content moderation and the audit log. Bans across two API instances are in admin-bans.e2e-spec.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { Clock } from '../src/infra/clock/clock.service.js';
import {
  auditLog,
  chatConversations,
  chatMessages,
  chatReports,
  domainEvents,
  essays,
  payments,
  paymentStatusChanges,
  studentProfiles,
  tutorProfiles,
  tutorRatingSummaries,
  users,
} from '../src/infra/database/schema/index.js';
import { bearer, createAccount, db, heardByTheApp, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { waitForMails } from './support/mail-catcher.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

type EssayState = (typeof essays.$inferInsert)['status'];

describe('admin area', () => {
  let app: NestFastifyApplication;
  let admin: TestAccount;
  const http = () => request(app.getHttpServer());
  const asAdmin = <T extends { set(h: Record<string, string>): T }>(req: T) => req.set(bearer(admin.token));

  /** An essay row in `status` (held by `tutorId` when the state needs a tutor). */
  async function essay(studentId: string, status: NonNullable<EssayState>, options: { tutorId?: string; level?: 'GCSE' | 'A-Level' | 'Bachelor' | 'Masters' | 'PhD'; title?: string } = {}): Promise<string> {
    const held = ['accepted', 'paid', 'completed', 'revision_requested'].includes(status);
    const now = new Date();
    const [row] = await db(app)
      .insert(essays)
      .values({
        studentId,
        tutorId: held ? options.tutorId : null,
        title: options.title ?? `Essay ${randomUUID().slice(0, 6)}`,
        subject: 'History',
        academicLevel: options.level ?? 'A-Level',
        status,
        originalWordCount: 1000,
        wordCount: 1000,
        pricePence: 1500,
        fileKey: `essays/${studentId}/x.pdf`,
        fileName: 'x.pdf',
        fileMime: 'application/pdf',
        confirmedAt: status === 'awaiting_confirmation' ? null : now,
        acceptedAt: held ? now : null,
        paidTime: ['paid', 'completed', 'revision_requested'].includes(status) ? now : null,
        completedAt: status === 'completed' ? now : null,
        cancelledAt: status === 'cancelled' ? now : null,
      })
      .returning({ id: essays.id });
    return row!.id;
  }

  /** The student's completed payment for an essay, as the gateway would have left it. */
  async function charge(essayId: string, studentId: string, amountPence = 1500): Promise<string> {
    const [row] = await db(app)
      .insert(payments)
      .values({
        type: 'student_essay_payment',
        status: 'completed',
        payerId: studentId,
        payerType: 'student',
        recipientType: 'platform',
        amountPence,
        platformCommissionPence: Math.round(amountPence * 0.2),
        tutorEarningsPence: amountPence - Math.round(amountPence * 0.2),
        description: 'Essay review',
        paymentMethod: 'local_test',
        itemKind: 'essay',
        itemId: essayId,
        stripeSessionId: `local_${randomUUID()}`,
        paidAt: new Date(),
      })
      .returning({ id: payments.id });
    return row!.id;
  }

  async function tutorWith(values: Partial<typeof tutorProfiles.$inferInsert> = {}, account: Parameters<typeof createAccount>[1] = {}): Promise<TestAccount> {
    const tutor = await createAccount(app, { role: 'tutor', ...account });
    await db(app).update(tutorProfiles).set(values).where(eq(tutorProfiles.userId, tutor.user.id));
    await heardByTheApp(app);
    return tutor;
  }

  const CERTIFICATE = { fullName: 'Tess Tutor', certificateNumber: '001234567890', certificateFileKey: 'tutors/x/certificateFile-1.pdf' };

  /** Moves the app's clock past the dashboard's 5 s reuse (and anything else cached by time), then back. */
  function later(ms = 60_000) {
    const clock = app.get(Clock);
    const real = clock.now.bind(clock);
    return jest.spyOn(clock, 'now').mockImplementation(() => new Date(real().getTime() + ms));
  }

  beforeAll(async () => {
    ({ app } = await bootApp());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    admin = await createAccount(app, { role: 'admin', onboarded: false });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('dashboard', () => {
    it('counts users once whatever their profiles, and essays by state (cancelled in none)', async () => {
      const before = (await asAdmin(http().get('/api/admin/getDashboardData')).expect(200)).body;
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const tutor = await createAccount(app, { role: 'tutor' });
      // Registered as a student, onboarded as a tutor too: one user, in both roles.
      const both = await createAccount(app, { role: 'student', studentProfile: true, tutorProfile: true });
      for (const state of ['awaiting_confirmation', 'open', 'accepted', 'paid', 'revision_requested', 'completed', 'cancelled'] as const) {
        await essay(student.user.id, state, { tutorId: tutor.user.id });
      }
      await essay(both.user.id, 'open');
      await db(app).update(tutorProfiles).set({ onboardingSubmittedAt: new Date(), dbsDetails: CERTIFICATE, pendingStudyLevel: 'PhD' }).where(eq(tutorProfiles.userId, tutor.user.id));

      later();
      const after = (await asAdmin(http().get('/api/admin/getDashboardData')).expect(200)).body;
      const delta = (key: string) => after[key] - before[key];
      expect(['totalUsers', 'totalStudents', 'totalTutors', 'activeEssays', 'pendingEssays', 'completedEssays'].map((k) => [k, delta(k)])).toEqual([
        ['totalUsers', 3],
        ['totalStudents', 2],
        ['totalTutors', 2],
        ['activeEssays', 3],
        ['pendingEssays', 3],
        ['completedEssays', 1],
      ]);
      const attention = (key: string) => after.needsAttention[key] - before.needsAttention[key];
      expect([attention('tutorApplications'), attention('dbsCertificates'), attention('studyLevelChanges'), attention('profilePictures')]).toEqual([1, 1, 1, 0]);
      expect(after.needsAttention).toMatchObject({ safeguarding: expect.any(Number), failedJobs: expect.any(Number) });
    });
  });

  describe('approving tutors', () => {
    it('lists every tutor with something waiting, with signed links to each document and the pending picture', async () => {
      const applicant = await tutorWith({
        onboardingSubmittedAt: new Date(),
        studyLevel: 'Masters',
        eligibility: 'BritishIrish',
        rightToWorkDocuments: { passportKey: 'tutors/a/passport.pdf', documentType: 'passport' },
        universityDocumentKeys: ['tutors/a/degree.pdf'],
        dbsDetails: CERTIFICATE,
      });
      const newPicture = await tutorWith({ approved: true, approvedEssay: true, studyLevel: 'Masters', applicationReviewedAt: new Date(), pendingProfilePictureKey: 'tutors/b/profilePicture-2.png' });
      const settled = await tutorWith({ approved: true, approvedEssay: true, studyLevel: 'PhD', applicationReviewedAt: new Date() });

      const { body } = await asAdmin(http().get('/api/admin/getUnapprovedTutors')).expect(200);
      const ids = body.tutors.map((t: { _id: string }) => t._id);
      expect(ids).toEqual(expect.arrayContaining([applicant.user.id, newPicture.user.id]));
      expect(ids).not.toContain(settled.user.id);
      const a = body.tutors.find((t: { _id: string }) => t._id === applicant.user.id);
      expect(a.waiting).toEqual(['application', 'dbs']);
      // Grouped by nationality as the spec writes it: the tutor's own group holds the signed links.
      expect(a.documents.BritishIrish.passportURL).toContain('X-Amz-Signature=');
      expect(a.universityDocuments[0]).toContain('X-Amz-Signature=');
      expect(a.dbsDetails.certificateFileUrl).toContain('X-Amz-Signature=');
      expect(a).toMatchObject({ dbsCertificateOnFile: true, hasDBS: false, StudyLevel: 'Masters' });
      const b = body.tutors.find((t: { _id: string }) => t._id === newPicture.user.id);
      expect(b.waiting).toEqual(['profilePicture']);
      expect(b.pendingProfilePictureUrl).toContain('X-Amz-Signature=');
    });

    it('needs a study level; tutoring needs a DBS certificate on file; approval opens the pool up to the confirmed level', async () => {
      const tutor = await tutorWith({ onboardingSubmittedAt: new Date(), studyLevel: 'PhD' });
      const noLevel = await asAdmin(http().post('/api/admin/approveTutor')).send({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false }).expect(400);
      expect(JSON.stringify(noLevel.body)).toContain('Please select a study level');
      const noCertificate = await asAdmin(http().post('/api/admin/approveTutor')).send({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: true, StudyLevel: 'Masters' }).expect(409);
      expect(noCertificate.body.code).toBe('DBS_CERTIFICATE_REQUIRED');
      expect((await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(403)).body.code).toBe('TUTOR_NOT_APPROVED');

      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const masters = await essay(student.user.id, 'open', { level: 'Masters', title: `Masters ${randomUUID()}` });
      const phd = await essay(student.user.id, 'open', { level: 'PhD', title: `PhD ${randomUUID()}` });
      // The admin corrects the tutor's PhD to Masters.
      const approved = await asAdmin(http().post('/api/admin/approveTutor')).send({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: false, StudyLevel: 'Masters' }).expect(200);
      expect(approved.body.message).toBe('Tutor approvals updated successfully');
      expect(approved.body.tutor).toMatchObject({ approved: true, approved_essay: true, approved_tutoring: false, hasDBS: false, StudyLevel: 'Masters', waiting: [] });
      const pool = await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);
      const poolIds = pool.body.essays.map((e: { _id: string }) => e._id);
      expect(poolIds).toContain(masters);
      expect(poolIds).not.toContain(phd);
      const mail = await waitForMails(tutor.user.email);
      expect(mail.map((m) => m.subject)).toContain('Your tutor profile has been approved');
    });

    it('approving tutoring verifies the certificate on file; a withdrawal keeps the verification and closes the pool', async () => {
      const tutor = await tutorWith({ onboardingSubmittedAt: new Date(), studyLevel: 'Bachelors', dbsDetails: CERTIFICATE });
      const both = await asAdmin(http().post('/api/admin/approveTutor')).send({ tutorId: tutor.user.id, approved_essay: true, approved_tutoring: true, StudyLevel: 'Bachelors' }).expect(200);
      expect(both.body.tutor).toMatchObject({ approved: true, approved_essay: true, approved_tutoring: true, hasDBS: true });
      await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);

      const withdrawn = await asAdmin(http().post('/api/admin/approveTutor')).send({ tutorId: tutor.user.id, approved_essay: false, approved_tutoring: false, StudyLevel: 'Bachelors' }).expect(200);
      expect(withdrawn.body.tutor).toMatchObject({ approved: false, approved_essay: false, approved_tutoring: false, hasDBS: true });
      expect((await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(403)).body.code).toBe('TUTOR_NOT_APPROVED');
      const audit = await asAdmin(http().get(`/api/admin/audit?subjectId=${tutor.user.id}`)).expect(200);
      expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['tutor.withdraw', 'tutor.approve']);
      expect(audit.body.entries[0]).toMatchObject({ actor: { _id: admin.user.id, name: admin.user.name }, before: { approved_essay: true }, after: { approved_essay: false } });
      expect((await waitForMails(tutor.user.email, 2)).map((m) => m.subject)).toContain('Your tutor approval was withdrawn');
    });

    it('rejects an application with a reason that is emailed', async () => {
      const tutor = await tutorWith({ onboardingSubmittedAt: new Date() });
      const reason = `The passport scan is unreadable ${randomUUID().slice(0, 4)}`;
      const rejected = await asAdmin(http().post('/api/admin/rejectTutor')).send({ tutorId: tutor.user.id, reason }).expect(200);
      expect(rejected.body.tutor).toMatchObject({ approved: false, waiting: [], applicationRejectionReason: reason });
      const [mail] = await waitForMails(tutor.user.email);
      expect(mail!.subject).toBe('Your tutor application was not approved');
      expect(mail!.text).toContain(reason);
    });

    it('a pending picture is shown to students only once approved; a rejected one is dropped with an email', async () => {
      const tutor = await tutorWith({ approved: true, approvedEssay: true, studyLevel: 'Masters', applicationReviewedAt: new Date() });
      await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).attach('profilePicture', PNG, 'me.png').expect(200);
      let profile = (await http().get('/api/tutor/getProfile').set(bearer(tutor.token)).expect(200)).body.tutor;
      expect(profile).toMatchObject({ profilePicture: null, pendingProfilePicture: true });
      const [sent] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.user.id));
      const approved = await asAdmin(http().post('/api/admin/reviewTutorChange')).send({ tutorId: tutor.user.id, change: 'profilePicture', approve: true, profilePictureKey: sent!.pendingProfilePictureKey }).expect(200);
      expect(approved.body.tutor).toMatchObject({ pendingProfilePicture: false, pendingProfilePictureUrl: null });
      profile = (await http().get('/api/tutor/getProfile').set(bearer(tutor.token)).expect(200)).body.tutor;
      expect(profile.profilePicture).toContain('X-Amz-Signature=');
      const [shown] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.user.id));
      expect(shown!.profilePictureKey).toEqual(expect.stringMatching(/\.png$/));

      await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).attach('profilePicture', PNG, 'again.png').expect(200);
      await asAdmin(http().post('/api/admin/reviewTutorChange')).send({ tutorId: tutor.user.id, change: 'profilePicture', approve: false }).expect(400);
      await asAdmin(http().post('/api/admin/reviewTutorChange')).send({ tutorId: tutor.user.id, change: 'profilePicture', approve: false, reason: 'Not a photo of you' }).expect(200);
      const [row] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.user.id));
      expect(row).toMatchObject({ pendingProfilePictureKey: null, profilePictureKey: shown!.profilePictureKey });
      expect((await waitForMails(tutor.user.email, 2)).map((m) => m.subject)).toEqual(expect.arrayContaining(['Your new profile picture is live', 'Your new profile picture was not approved']));
      expect((await asAdmin(http().post('/api/admin/reviewTutorChange')).send({ tutorId: tutor.user.id, change: 'profilePicture', approve: true, profilePictureKey: sent!.pendingProfilePictureKey }).expect(400)).body.code).toBe('NOTHING_TO_REVIEW');
    });

    it("an approved tutor's StudyLevel change waits for the admin (both profile routes)", async () => {
      const tutor = await tutorWith({ approved: true, approvedEssay: true, studyLevel: 'Bachelors', applicationReviewedAt: new Date() });
      const asked = await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).field('StudyLevel', 'PhD').expect(200);
      expect(asked.body.tutor).toMatchObject({ StudyLevel: 'Bachelors', pendingStudyLevel: 'PhD' });
      const patched = await http().patch('/api/tutor/updateTutorProfile').set(bearer(tutor.token)).field('StudyLevel', 'Masters').expect(200);
      expect(patched.body.tutor).toMatchObject({ StudyLevel: 'Bachelors', pendingStudyLevel: 'Masters' });
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const masters = await essay(student.user.id, 'open', { level: 'Masters' });
      const poolBefore = await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);
      expect(poolBefore.body.essays.map((e: { _id: string }) => e._id)).not.toContain(masters);

      const listed = (await asAdmin(http().get('/api/admin/getUnapprovedTutors')).expect(200)).body.tutors.find((t: { _id: string }) => t._id === tutor.user.id);
      expect(listed).toMatchObject({ waiting: ['studyLevel'], pendingStudyLevel: 'Masters' });
      const approved = await asAdmin(http().post('/api/admin/reviewTutorChange')).send({ tutorId: tutor.user.id, change: 'StudyLevel', approve: true, StudyLevel: listed.pendingStudyLevel }).expect(200);
      expect(approved.body.tutor).toMatchObject({ StudyLevel: 'Masters', pendingStudyLevel: null });
      const poolAfter = await http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token)).expect(200);
      expect(poolAfter.body.essays.map((e: { _id: string }) => e._id)).toContain(masters);

      await http().post('/api/tutor/updateProfile').set(bearer(tutor.token)).field('StudyLevel', 'PhD').expect(200);
      await asAdmin(http().post('/api/admin/reviewTutorChange')).send({ tutorId: tutor.user.id, change: 'StudyLevel', approve: false, reason: 'No PhD on file' }).expect(200);
      const [row] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutor.user.id));
      expect(row).toMatchObject({ studyLevel: 'Masters', pendingStudyLevel: null });
      const mails = await waitForMails(tutor.user.email, 2);
      expect(mails.find((m) => m.subject === 'Your study level change was not approved')?.text).toContain('No PhD on file');
    });
  });

  describe('student and tutor management', () => {
    it('answers the whole list without parameters, one page searched in PostgreSQL with them', async () => {
      const marker = `Zebedee${randomUUID().slice(0, 6)}`;
      const made: TestAccount[] = [];
      for (let i = 0; i < 3; i++) made.push(await createAccount(app, { role: 'student', studentProfile: true, label: `${marker.toLowerCase()}${i}` }));
      await db(app).update(users).set({ name: `${marker} Student` }).where(eq(users.id, made[0]!.user.id));

      const whole = await asAdmin(http().get('/api/admin/getAllStudents')).expect(200);
      expect(whole.body.pagination).toBeUndefined();
      expect(whole.body.students.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining(made.map((m) => m.user.id)));
      expect(whole.body.students.find((s: { _id: string }) => s._id === made[0]!.user.id)).toMatchObject({
        name: `${marker} Student`,
        email: made[0]!.user.email,
        phone: '07700900123',
        banned: false,
        emailVerified: true,
        dateOfBirth: null,
        profilePicture: null,
        createdAt: expect.any(String),
      });

      // The email holds the marker in lower case: the search is case-insensitive and partial.
      const first = await asAdmin(http().get(`/api/admin/getAllStudents?search=${marker.toUpperCase()}&limit=2&page=1`)).expect(200);
      expect(first.body.students).toHaveLength(2);
      expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalPayments: 3, hasPrev: false, hasNext: true });
      const second = await asAdmin(http().get(`/api/admin/getAllStudents?search=${marker}&limit=2&page=2`)).expect(200);
      expect(second.body.students).toHaveLength(1);
      expect(second.body.pagination).toEqual({ currentPage: 2, totalPages: 2, totalPayments: 3, hasPrev: true, hasNext: false });
      expect([...first.body.students, ...second.body.students].map((s: { _id: string }) => s._id).sort()).toEqual(made.map((m) => m.user.id).sort());
      // A literal % matches nothing rather than everything.
      expect((await asAdmin(http().get('/api/admin/getAllStudents?search=%25%25&page=1')).expect(200)).body.pagination.totalPayments).toBe(0);

      const detail = await asAdmin(http().get(`/api/admin/getStudentById/${made[1]!.user.id}`)).expect(200);
      expect(detail.body.student).toMatchObject({ _id: made[1]!.user.id, onboardingCompleted: false });
      await asAdmin(http().get(`/api/admin/getStudentById/${randomUUID()}`)).expect(404);
    });

    it("filters tutors five ways and searches university and course; the card's rating has one decimal", async () => {
      const course = `Course${randomUUID().slice(0, 6)}`;
      const pending = await tutorWith({ course, university: 'Durham University' });
      const essayOnly = await tutorWith({ course, approved: true, approvedEssay: true, studyLevel: 'Masters' });
      // Ratings' running sum and count (14 stars over 3 ratings), read by the admin list through RatingsService.
      await db(app).insert(tutorRatingSummaries).values({ tutorId: essayOnly.user.id, ratingSum: 14, ratingCount: 3 });
      const tutoring = await tutorWith({ course, approved: true, approvedTutoring: true, hasDbs: true, dbsDetails: CERTIFICATE });
      const ids = (body: { tutors: { _id: string }[] }) => body.tutors.map((t) => t._id).sort();
      const list = async (query: string) => (await asAdmin(http().get(`/api/admin/getAllTutors?search=${course}&${query}`)).expect(200)).body;
      expect(ids(await list('filter=all'))).toEqual([pending, essayOnly, tutoring].map((t) => t.user.id).sort());
      expect(ids(await list('filter=approved'))).toEqual([essayOnly, tutoring].map((t) => t.user.id).sort());
      expect(ids(await list('filter=pending'))).toEqual([pending.user.id]);
      expect(ids(await list('filter=essay'))).toEqual([essayOnly.user.id]);
      expect(ids(await list('filter=tutoring'))).toEqual([tutoring.user.id]);
      expect(ids((await asAdmin(http().get(`/api/admin/getAllTutors?search=durham%20univ`)).expect(200)).body)).toContain(pending.user.id);
      const card = (await list('filter=essay')).tutors[0];
      expect(card).toMatchObject({ averageRating: 4.7, totalRatings: 3, status: 'Approved', approved_essay: true, StudyLevel: 'Masters', course });
      const whole = await asAdmin(http().get('/api/admin/getAllTutors')).expect(200);
      expect(whole.body.pagination).toBeUndefined();
      const detail = await asAdmin(http().get(`/api/admin/getTutorById/${tutoring.user.id}`)).expect(200);
      expect(detail.body.tutor).toMatchObject({ _id: tutoring.user.id, hasDBS: true, status: 'Approved', banned: false, subjects: [{ name: 'History', levels: ['A-Level'] }] });
    });
  });

  describe('bans', () => {
    it('refuses banning an admin, or oneself', async () => {
      const otherAdmin = await createAccount(app, { role: 'admin', onboarded: false, studentProfile: true });
      expect((await asAdmin(http().put(`/api/admin/updateStudent/${otherAdmin.user.id}`)).send({ banned: true }).expect(403)).body.code).toBe('CANNOT_BAN_ADMIN');
      await db(app).insert(studentProfiles).values({ userId: admin.user.id }).onConflictDoNothing();
      expect((await asAdmin(http().put(`/api/admin/updateStudent/${admin.user.id}`)).send({ banned: true }).expect(403)).body.code).toBe('CANNOT_BAN_ADMIN');
      const [row] = await db(app).select().from(users).where(eq(users.id, otherAdmin.user.id));
      expect(row!.banned).toBe(false);
    });

    it("returns a banned tutor's unpaid essays to the pool and refunds the paid ones in full, once however often it is asked", async () => {
      const tutor = await tutorWith({ approved: true, approvedEssay: true, studyLevel: 'PhD' });
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const accepted = await essay(student.user.id, 'accepted', { tutorId: tutor.user.id, title: 'Held, unpaid' });
      const paid = await essay(student.user.id, 'paid', { tutorId: tutor.user.id, title: 'Held, paid' });
      const paymentId = await charge(paid, student.user.id, 1800);
      const marked = await essay(student.user.id, 'completed', { tutorId: tutor.user.id, title: 'Already marked' });
      await charge(marked, student.user.id);

      // The same ban asked twice at once (a retried request): one change, one event, one refund.
      const answers = await Promise.all([0, 1].map(() => asAdmin(http().put(`/api/admin/updateTutor/${tutor.user.id}`)).send({ banned: true })));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]!.body.tutor).toMatchObject({ banned: true, status: 'Banned' });
      await asAdmin(http().put(`/api/admin/updateTutor/${tutor.user.id}`)).send({ banned: true }).expect(200);

      const rows = await db(app).select().from(essays).where(inArray(essays.id, [accepted, paid, marked]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(accepted)).toMatchObject({ status: 'open', tutorId: null, acceptedAt: null });
      expect(byId.get(paid)).toMatchObject({ status: 'cancelled' });
      expect(byId.get(marked)).toMatchObject({ status: 'completed', tutorId: tutor.user.id });
      const [ledger] = await db(app).select().from(payments).where(eq(payments.id, paymentId));
      expect(ledger).toMatchObject({ status: 'refunded', refundedAmountPence: 1800 });
      const refunds = await db(app).select().from(paymentStatusChanges).where(and(eq(paymentStatusChanges.paymentId, paymentId), eq(paymentStatusChanges.toStatus, 'refunded')));
      expect(refunds).toHaveLength(1);
      const events = await db(app).select().from(domainEvents).where(and(eq(domainEvents.name, 'user.banned'), sql`${domainEvents.payload} ->> 'userId' = ${tutor.user.id}`));
      expect(events).toHaveLength(1);
      const audit = await asAdmin(http().get(`/api/admin/audit?subjectId=${tutor.user.id}`)).expect(200);
      expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['user.ban']);
      // The student is told of both: the essay back in the pool and the refund.
      const subjects = (await waitForMails(student.user.email, 2)).map((m) => m.subject);
      expect(subjects).toEqual(expect.arrayContaining(['"Held, unpaid" is back in the essay pool']));

      // Unbanning restores access only: the work stays where the ban put it.
      const unbanned = await asAdmin(http().put(`/api/admin/updateTutor/${tutor.user.id}`)).send({ banned: false }).expect(200);
      expect(unbanned.body.tutor).toMatchObject({ banned: false });
      const [still] = await db(app).select().from(essays).where(eq(essays.id, paid));
      expect(still!.status).toBe('cancelled');
      expect((await asAdmin(http().get(`/api/admin/audit?subjectId=${tutor.user.id}`)).expect(200)).body.entries.map((e: { action: string }) => e.action)).toEqual(['user.unban', 'user.ban']);
    });

    it("takes a banned student's essays out of the pool and ends their sessions", async () => {
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const open = await essay(student.user.id, 'open');
      const unconfirmed = await essay(student.user.id, 'awaiting_confirmation');
      await http().get('/api/auth/me').set(bearer(student.token)).expect(200);
      const banned = await asAdmin(http().put(`/api/admin/updateStudent/${student.user.id}`)).send({ banned: true }).expect(200);
      expect(banned.body).toMatchObject({ message: 'Student banned', student: { banned: true } });
      const refused = await http().get('/api/auth/me').set(bearer(student.token));
      expect([401, 403]).toContain(refused.status);
      const rows = await db(app).select().from(essays).where(inArray(essays.id, [open, unconfirmed]));
      expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
      await asAdmin(http().put(`/api/admin/updateStudent/${student.user.id}`)).send({ banned: false }).expect(200);
      // The old session stays ended after the unban.
      expect((await http().get('/api/auth/me').set(bearer(student.token))).status).toBe(401);
      await asAdmin(http().put(`/api/admin/updateStudent/${student.user.id}`)).send({ banned: 'yes' }).expect(400);
    });
  });

  describe('transactions', () => {
    it('filters by London ranges at their edges, by type and any part of the id, pages, and exports the same rows as CSV', async () => {
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const tutor = await createAccount(app, { role: 'tutor' });
      // "Now" is 00:30 on 15 July 2020 in London (23:30 UTC on the 14th): Today began at 23:00 UTC.
      const now = new Date('2020-07-14T23:30:00Z');
      const row = async (values: Partial<typeof payments.$inferInsert> & { createdAt: Date }) => {
        const student_ = !values.type || values.type.startsWith('student');
        const amount = values.amountPence ?? 1000;
        const [inserted] = await db(app)
          .insert(payments)
          .values({
            type: 'student_essay_payment',
            status: 'completed',
            payerId: student_ ? student.user.id : null,
            payerType: student_ ? 'student' : 'platform',
            recipientId: student_ ? null : tutor.user.id,
            recipientType: student_ ? 'platform' : 'tutor',
            amountPence: amount,
            platformCommissionPence: 0,
            tutorEarningsPence: amount,
            description: 'Ledger row',
            itemKind: 'essay',
            itemId: randomUUID(),
            ...values,
          })
          .returning({ id: payments.id });
        return inserted!.id;
      };
      const justBefore = await row({ createdAt: new Date('2020-07-14T22:59:59.999Z'), amountPence: 700 });
      const atMidnight = await row({ createdAt: new Date('2020-07-14T23:00:00Z'), amountPence: 1000 });
      const refunded = await row({ createdAt: new Date('2020-07-14T23:10:00Z'), amountPence: 2000, status: 'refunded', refundedAt: new Date('2020-07-14T23:20:00Z'), refundedAmountPence: 2000 });
      const payout = await row({ createdAt: new Date('2020-07-14T23:15:00Z'), amountPence: 600, type: 'tutor_essay_payment' });
      const pending = await row({ createdAt: new Date('2020-07-14T23:16:00Z'), amountPence: 300, status: 'pending' });
      const tomorrow = await row({ createdAt: new Date('2020-07-15T23:00:00Z'), amountPence: 5000 });
      jest.spyOn(app.get(Clock), 'now').mockReturnValue(now);

      const today = (await asAdmin(http().get('/api/admin/transactions?range=today&limit=100')).expect(200)).body;
      const ids = today.transactions.map((t: { id: string; type: string }) => `${t.type}:${t.id}`);
      // Newest first: the refund (23:20) after the pending charge (23:16), the payout (23:15), the refunded charge (23:10).
      expect(ids).toEqual([`refund:refund-${refunded}`, `essay_review:${pending}`, `payout:${payout}`, `essay_review:${refunded}`, `essay_review:${atMidnight}`]);
      expect(ids.join()).not.toContain(justBefore);
      expect(ids.join()).not.toContain(tomorrow);
      expect(today.transactions.find((t: { type: string }) => t.type === 'payout')).toMatchObject({ amount: -6, amountPence: -600, user: { email: tutor.user.email } });
      expect(today.summary).toEqual({ totalRevenue: 10, totalRevenuePence: 1000, totalPayouts: 6, totalPayoutsPence: 600, netRevenue: 4, netRevenuePence: 400 });
      expect(today.pagination).toEqual({ currentPage: 1, totalPages: 1, totalPayments: 5, hasPrev: false, hasNext: false });

      const refunds = (await asAdmin(http().get('/api/admin/transactions?range=today&type=refund')).expect(200)).body;
      // A refund is a transaction of its own, with an id of its own: its payment's after 'refund-'.
      expect(refunds.transactions.map((t: { id: string }) => t.id)).toEqual([`refund-${refunded}`]);
      const search = async (text: string) => (await asAdmin(http().get(`/api/admin/transactions?range=today&search=${encodeURIComponent(text)}`)).expect(200)).body;
      const byPrefix = await search(atMidnight.slice(0, 8).toUpperCase());
      expect(byPrefix.transactions.map((t: { id: string }) => t.id)).toEqual([atMidnight]);
      // Any part of the id matches: the last 8 characters the Payments screen shows, or the middle.
      expect((await search(atMidnight.slice(-8))).transactions.map((t: { id: string }) => t.id)).toEqual([atMidnight]);
      expect((await search(atMidnight.slice(9, 23))).transactions.map((t: { id: string }) => t.id)).toEqual([atMidnight]);
      expect((await search(refunded.slice(-8))).transactions.map((t: { id: string }) => t.id)).toEqual([`refund-${refunded}`, refunded]);
      // Other text finds nothing, never an error; % and _ are literal; the tiles keep the range's figures.
      for (const text of ['not an id', '%', '_', 'zz%']) {
        const none = await search(text);
        expect(none.transactions).toEqual([]);
        expect(none.pagination.totalPayments).toBe(0);
        expect(none.summary).toEqual(today.summary);
      }
      const paged = (await asAdmin(http().get('/api/admin/transactions?range=today&limit=2&page=3')).expect(200)).body;
      expect(paged.transactions).toHaveLength(1);
      expect(paged.pagination).toEqual({ currentPage: 3, totalPages: 3, totalPayments: 5, hasPrev: true, hasNext: false });

      // Yesterday's last millisecond is in This Week (Monday 13 July began at 23:00 UTC on the 12th).
      const week = (await asAdmin(http().get('/api/admin/transactions?range=week&limit=100')).expect(200)).body;
      expect(week.transactions.map((t: { id: string }) => t.id)).toContain(justBefore);

      const csv = await asAdmin(http().get('/api/admin/transactions/export.csv?range=today')).buffer(true).parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      }).expect(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = (csv.body as string).trim().split('\r\n');
      expect(lines[0]).toBe('Transaction ID,Type,Status,User,Email,Date,Amount (GBP),Amount (pence),Description,Payment method');
      const cells = lines.slice(1).map((line) => line.split(','));
      expect(cells).toHaveLength(today.pagination.totalPayments);
      const counted = cells.filter((c) => c[2] === 'completed' || c[2] === 'refunded').reduce((sum, c) => sum + Number(c[7]), 0);
      expect(counted).toBe(today.summary.netRevenuePence);
    });
  });

  describe('transactions around the clock changes', () => {
    it.each([
      // Clocks go forward at 01:00 UTC on Sunday 29 March 2020: that day began at 00:00 UTC (still GMT).
      ['spring, Today', '2020-03-29T12:00:00Z', 'today', '2020-03-29T00:00:00.000Z'],
      // Clocks go back at 01:00 UTC on Sunday 25 October 2020: that day began at 23:00 UTC on the 24th (still BST)…
      ['autumn, Today', '2020-10-25T12:00:00Z', 'today', '2020-10-24T23:00:00.000Z'],
      // …and that week on Monday 19 October, in BST.
      ['autumn, This Week', '2020-10-25T12:00:00Z', 'week', '2020-10-18T23:00:00.000Z'],
      // The next day is in GMT again.
      ['after autumn, Today', '2020-10-26T09:00:00Z', 'today', '2020-10-26T00:00:00.000Z'],
    ])('%s starts at London midnight (%s → %s from %s)', async (_name, now, range, start) => {
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const at = (ms: number) => new Date(new Date(start).getTime() + ms);
      const made: string[] = [];
      for (const createdAt of [at(-1), at(0)]) {
        const [row] = await db(app)
          .insert(payments)
          .values({ type: 'student_tutoring_payment', status: 'completed', payerId: student.user.id, payerType: 'student', recipientType: 'platform', amountPence: 500, platformCommissionPence: 100, tutorEarningsPence: 400, description: 'Edge', itemKind: 'tutoring_session', itemId: randomUUID(), createdAt })
          .returning({ id: payments.id });
        made.push(row!.id);
      }
      jest.spyOn(app.get(Clock), 'now').mockReturnValue(new Date(now));
      const listed = (await asAdmin(http().get(`/api/admin/transactions?range=${range}&type=tutoring_session&limit=100`)).expect(200)).body.transactions.map((t: { id: string }) => t.id);
      expect(listed).not.toContain(made[0]);
      expect(listed).toContain(made[1]);
    });
  });

  describe('content moderation and the audit log', () => {
    it('lists flagged messages and reports with the two people and the excerpt; resolves each once (warn by email, ban)', async () => {
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const tutor = await createAccount(app, { role: 'tutor' });
      const [conversation] = await db(app).insert(chatConversations).values({ studentId: student.user.id, tutorId: tutor.user.id }).returning();
      const [flagged] = await db(app)
        .insert(chatMessages)
        .values({ conversationId: conversation!.id, senderId: tutor.user.id, recipientId: student.user.id, senderRole: 'tutor', content: 'call me on [phone removed]', flags: ['phone'] })
        .returning();
      const [report] = await db(app).insert(chatReports).values({ conversationId: conversation!.id, reporterId: student.user.id, reason: 'Asked me to pay outside the platform' }).returning();

      const list = (await asAdmin(http().get('/api/admin/chat/moderation?limit=100')).expect(200)).body;
      const item = list.flaggedMessages.find((m: { _id: string }) => m._id === flagged!.id);
      expect(item.context).toMatchObject({
        conversationId: conversation!.id,
        student: { _id: student.user.id, name: student.user.name, email: student.user.email, banned: false },
        tutor: { _id: tutor.user.id, name: tutor.user.name },
        resolution: null,
      });
      expect(item.context.excerpt.map((m: { _id: string }) => m._id)).toEqual([flagged!.id]);

      await asAdmin(http().post('/api/admin/chat/moderation/resolve')).send({ kind: 'message', id: flagged!.id, action: 'warn', userId: randomUUID() }).expect(400);
      const warned = await asAdmin(http().post('/api/admin/chat/moderation/resolve')).send({ kind: 'message', id: flagged!.id, action: 'warn', userId: tutor.user.id, note: 'Keep contact details off the chat' }).expect(200);
      expect(warned.body.resolution).toMatchObject({ action: 'warn', targetUserId: tutor.user.id, resolvedBy: admin.user.id });
      await asAdmin(http().post('/api/admin/chat/moderation/resolve')).send({ kind: 'message', id: flagged!.id, action: 'dismiss' }).expect(409);
      const [warning] = await waitForMails(tutor.user.email);
      expect(warning!.subject).toBe('A warning about your messages');
      expect(warning!.text).toContain('Keep contact details off the chat');

      await asAdmin(http().post('/api/admin/chat/moderation/resolve')).send({ kind: 'report', id: report!.id, action: 'ban', userId: tutor.user.id }).expect(200);
      const [bannedTutor] = await db(app).select().from(users).where(eq(users.id, tutor.user.id));
      expect(bannedTutor!.banned).toBe(true);
      const [reportRow] = await db(app).select().from(chatReports).where(eq(chatReports.id, report!.id));
      expect(reportRow!.resolved).toBe(true);
      const after = (await asAdmin(http().get('/api/admin/chat/moderation?limit=100')).expect(200)).body;
      expect(after.reports.find((r: { _id: string }) => r._id === report!.id).context.resolution).toMatchObject({ action: 'ban' });
      expect((await asAdmin(http().get(`/api/admin/audit?subjectId=${report!.id}`)).expect(200)).body.entries.map((e: { action: string }) => e.action)).toEqual(['moderation.resolve']);
      expect((await asAdmin(http().get(`/api/admin/audit?subjectId=${tutor.user.id}`)).expect(200)).body.entries.map((e: { action: string }) => e.action)).toEqual(['user.ban']);
    });

    it('records payment status changes; rows can be neither changed nor deleted', async () => {
      const student = await createAccount(app, { role: 'student', studentProfile: true });
      const paymentId = await charge(randomUUID(), student.user.id);
      await asAdmin(http().put(`/api/admin/payments/${paymentId}/status`)).send({ status: 'failed', adminNotes: 'Card disputed' }).expect(200);
      const entries = (await asAdmin(http().get(`/api/admin/audit?subjectId=${paymentId}`)).expect(200)).body.entries;
      expect(entries).toEqual([
        expect.objectContaining({ action: 'payment.status', subjectType: 'payment', before: { status: 'completed', adminNotes: null }, after: { status: 'failed', adminNotes: 'Card disputed' }, reason: 'Card disputed' }),
      ]);
      const refusedBy = { cause: expect.objectContaining({ message: expect.stringContaining('audit_log is append-only') }) };
      await expect(db(app).update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.subjectId, paymentId))).rejects.toMatchObject(refusedBy);
      await expect(db(app).delete(auditLog).where(eq(auditLog.subjectId, paymentId))).rejects.toMatchObject(refusedBy);
      const [kept] = await db(app).select().from(auditLog).where(eq(auditLog.subjectId, paymentId));
      expect(kept!.reason).toBe('Card disputed');
      const latest = (await asAdmin(http().get('/api/admin/audit')).expect(200)).body.entries;
      expect(latest.length).toBeGreaterThan(0);
    });
  });
});
