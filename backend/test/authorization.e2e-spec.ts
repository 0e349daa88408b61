// The authorisation matrix: every route the running app registers must appear in TABLE with what each kind
// of caller gets. A route missing from the table fails this test with its method and path, so every issue
// that adds routes adds them here. 'ok' means "got past authentication and authorisation" (any status but
// 401/403/404: an empty body may well be a 400), 401, 403 and 404 are exact (404: someone else's resource, which
// the API does not admit exists).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { authSessions, essays, notifications, tutorProfiles, tutoringSessions } from '../src/infra/database/schema/index.js';
import { ChatService } from '../src/modules/chat/chat.service.js';
import { LocalCheckout } from '../src/modules/payments/local-checkout.service.js';
import { PaymentsService } from '../src/modules/payments/payments.service.js';
import { TestItems, TestPayablesModule } from './support/payable-test-items.js';
import { bearer, createAccount, db, heardByTheApp, resetLimits, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { closeAll, connect, listen, refusal } from './support/chat-sockets.js';

type Actor = 'none' | 'student' | 'otherStudent' | 'tutor' | 'otherTutor' | 'admin';
type Outcome = 'ok' | 401 | 403 | 404;
type Expectation = Record<Actor, Outcome>;

const PUBLIC: Expectation = { none: 'ok', student: 'ok', otherStudent: 'ok', tutor: 'ok', otherTutor: 'ok', admin: 'ok' };
const SIGNED_IN: Expectation = { none: 401, student: 'ok', otherStudent: 'ok', tutor: 'ok', otherTutor: 'ok', admin: 'ok' };
const STUDENT: Expectation = { none: 401, student: 'ok', otherStudent: 'ok', tutor: 403, otherTutor: 403, admin: 403 };
const TUTOR: Expectation = { none: 401, student: 403, otherStudent: 403, tutor: 'ok', otherTutor: 'ok', admin: 403 };
const STUDENT_OR_TUTOR: Expectation = { none: 401, student: 'ok', otherStudent: 'ok', tutor: 'ok', otherTutor: 'ok', admin: 403 };
const STUDENT_OWN_THREAD: Expectation = { ...STUDENT, otherStudent: 403 };
const TUTOR_OWN_THREAD: Expectation = { ...TUTOR, otherTutor: 403 };
const STUDENT_OWN_ITEM: Expectation = { ...STUDENT, otherStudent: 404 };
const TUTOR_OWN_ITEM: Expectation = { ...TUTOR, otherTutor: 404 };

/** Payments' fixtures (set up in beforeAll through the PayableItems port): the student's items and the tutor's payout. */
const pay = { essayId: '', paidEssayId: '', paidSessionId: '', sessionId: '', payoutId: '', paymentId: '' };
/** Essays' fixtures: the student's essay in the pool, and one the tutor holds. */
const essay = { openId: '', heldId: '', rejectId: '', cancelId: '' };
/** Tutoring's fixture: a confirmed session of the student with the tutor. */
const tutoring = { sessionId: '' };
/** Notifications' fixture: a notice of the student's. */
const notice = { id: '' };
export const ADMIN: Expectation = { none: 401, student: 403, otherStudent: 403, tutor: 403, otherTutor: 403, admin: 'ok' };

interface Entry {
  expect: Expectation;
  /** Gives each caller a token of its own (the call would otherwise sign the shared one out). */
  freshToken?: boolean;
  /** The call ends every session of the caller (sign out everywhere): they are restored after it, so the shared tokens keep working. */
  restoreSessions?: boolean;
  /** Concrete path for a parameterised route, per caller (own resource vs someone else's). */
  path?: (actor: Actor, accounts: Record<Exclude<Actor, 'none'>, TestAccount>) => string;
  /** A valid body, where validation would otherwise answer 400 before ownership is checked (a function: read after setup). */
  body?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Text fields sent as multipart/form-data instead of a JSON body, for upload routes whose owner is named in the form. */
  form?: () => Record<string, string>;
}

/** METHOD /api/path (Nest's `:param` syntax) → expectations. */
const TABLE: Record<string, Entry> = {
  'GET /api': { expect: PUBLIC },
  'GET /api/health': { expect: PUBLIC },
  'GET /api/health/ready': { expect: PUBLIC },
  'POST /api/contact': { expect: PUBLIC },
  'POST /api/contact/form': { expect: PUBLIC }, // the contact form without JavaScript
  // auth
  'POST /api/auth/register': { expect: PUBLIC },
  'POST /api/auth/verifyEmail': { expect: PUBLIC },
  'POST /api/auth/resendCode': { expect: PUBLIC },
  'POST /api/auth/login': { expect: PUBLIC },
  'POST /api/auth/verify2FA': { expect: PUBLIC },
  'POST /api/auth/resend2FA': { expect: PUBLIC },
  'POST /api/auth/requestPasswordReset': { expect: PUBLIC },
  'POST /api/auth/resetPassword': { expect: PUBLIC },
  'POST /api/auth/logout': { expect: SIGNED_IN, freshToken: true },
  'POST /api/auth/logoutEverywhere': { expect: SIGNED_IN, restoreSessions: true },
  'GET /api/auth/me': { expect: SIGNED_IN },
  'GET /api/auth/checkProfiles': { expect: SIGNED_IN },
  'PUT /api/auth/two-factor': { expect: SIGNED_IN },
  'POST /api/auth/signInLink': { expect: SIGNED_IN },
  'POST /api/auth/signInLink/preview': { expect: PUBLIC },
  'POST /api/auth/signInLink/exchange': { expect: PUBLIC },
  // students
  'GET /api/student/profile': { expect: STUDENT },
  'POST /api/student/updateProfile': { expect: STUDENT },
  // tutors (onboarding has no role guard, but admins cannot become tutors)
  'POST /api/tutor/update-info': { expect: STUDENT_OR_TUTOR },
  'GET /api/tutor/getProfile': { expect: TUTOR },
  'POST /api/tutor/updateProfile': { expect: TUTOR },
  'PATCH /api/tutor/updateTutorProfile': { expect: TUTOR },
  // chat: contacts are the caller's own; a thread only its two participants (student ↔ tutor share a conversation)
  'GET /api/student/getAllContacts': { expect: STUDENT },
  'GET /api/tutor/getAllContactsForTutor': { expect: TUTOR },
  'GET /api/student/messages/:tutorId': { expect: STUDENT_OWN_THREAD, path: (_actor, a) => `/api/student/messages/${a.tutor.user.id}` },
  'GET /api/tutor/messages/:studentId': { expect: TUTOR_OWN_THREAD, path: (_actor, a) => `/api/tutor/messages/${a.student.user.id}` },
  'POST /api/student/chats/:tutorId/report': { expect: STUDENT_OWN_THREAD, path: (_actor, a) => `/api/student/chats/${a.tutor.user.id}/report`, body: { reason: 'matrix' } },
  'POST /api/tutor/chats/:studentId/report': { expect: TUTOR_OWN_THREAD, path: (_actor, a) => `/api/tutor/chats/${a.student.user.id}/report`, body: { reason: 'matrix' } },
  'POST /api/student/chats/:tutorId/block': { expect: STUDENT_OWN_THREAD, path: (_actor, a) => `/api/student/chats/${a.tutor.user.id}/block` },
  'DELETE /api/student/chats/:tutorId/block': { expect: STUDENT_OWN_THREAD, path: (_actor, a) => `/api/student/chats/${a.tutor.user.id}/block` },
  'GET /api/admin/chat/moderation': { expect: ADMIN },
  // payments: a checkout or payout only for the item's own student or tutor; the gateway side is public (signed / capability URL)
  'POST /api/student/generatePaymentUrl': { expect: STUDENT_OWN_ITEM, body: () => ({ essayId: pay.essayId }) },
  'POST /api/student/updatePaymentStatus': { expect: STUDENT_OWN_ITEM, body: () => ({ sessionId: pay.sessionId }) },
  'POST /api/tutor/generateTutorPaymentUrl': { expect: TUTOR_OWN_ITEM, body: () => ({ essayId: pay.paidEssayId }) },
  'POST /api/tutor/getPaidTutoringSessions': { expect: TUTOR_OWN_ITEM, body: () => ({ tutoringSessionID: pay.paidSessionId }) },
  'GET /api/tutor/payoutAccount': { expect: TUTOR },
  'POST /api/tutor/payoutAccount/link': { expect: TUTOR },
  'POST /api/tutor/updateTutorPaymentStatus': { expect: TUTOR_OWN_ITEM, body: () => ({ payoutId: pay.payoutId }) },
  'GET /api/admin/payments': { expect: ADMIN },
  'GET /api/admin/payments/stats': { expect: ADMIN },
  'GET /api/admin/payments/:id': { expect: ADMIN, path: () => `/api/admin/payments/${pay.paymentId}` },
  'PUT /api/admin/payments/:id/status': { expect: ADMIN, path: () => `/api/admin/payments/${pay.paymentId}/status`, body: { status: 'completed', adminNotes: 'matrix' } },
  'POST /api/payments/webhook': { expect: PUBLIC },
  // essays: a student's own essays only; the pool and accepting for approved tutors (both test tutors are);
  // another tutor accepting a held essay hears 409 (ESSAY_ALREADY_ACCEPTED), reading it 404
  'POST /api/student/uploadEssay': { expect: STUDENT },
  'POST /api/student/updateWordCount': { expect: STUDENT_OWN_ITEM, body: () => ({ essayId: essay.openId, wordCount: 100 }) },
  'GET /api/student/essays': { expect: STUDENT },
  'POST /api/student/requestRevision/:id': { expect: STUDENT_OWN_ITEM, path: () => `/api/student/requestRevision/${essay.openId}` },
  'POST /api/student/cancelEssay/:id': { expect: STUDENT_OWN_ITEM, path: () => `/api/student/cancelEssay/${essay.cancelId}` },
  'POST /api/student/acceptEssay/:id': { expect: STUDENT_OWN_ITEM, path: () => `/api/student/acceptEssay/${essay.openId}` },
  'GET /api/student/essays/pending': { expect: STUDENT },
  'GET /api/student/essays/in-progress': { expect: STUDENT },
  'GET /api/student/essays/completed': { expect: STUDENT },
  'GET /api/student/essay/:id': { expect: STUDENT_OWN_ITEM, path: () => `/api/student/essay/${essay.openId}` },
  'GET /api/student/getDashboard': { expect: STUDENT },
  'GET /api/student/getPendingRating': { expect: STUDENT },
  // rating another student's essay: 404; their own (not yet reviewed): past authorisation (409)
  'POST /api/student/giveRating': { expect: STUDENT_OWN_ITEM, body: () => ({ type: 'essay', essayId: essay.openId, ratings: 5 }) },
  'GET /api/tutor/getDashboard': { expect: TUTOR },
  'GET /api/tutor/getAvailableEssays': { expect: TUTOR },
  'POST /api/tutor/acceptEssay': { expect: TUTOR, body: () => ({ essayID: essay.heldId }) },
  'POST /api/tutor/getEssay': { expect: TUTOR_OWN_ITEM, body: () => ({ essayID: essay.heldId }) },
  'GET /api/tutor/getAllEssays': { expect: TUTOR },
  'GET /api/tutor/getCompletedEssays': { expect: TUTOR },
  // marking names the essay in the form: another tutor hears 404; its holder gets past (409: not paid yet)
  'POST /api/tutor/markEssay': { expect: TUTOR_OWN_ITEM, form: () => ({ essayID: essay.heldId, score: '7', feedback: 'Matrix feedback. '.repeat(20) }) },
  // the discussion: the essay's student and the tutor holding it; anyone else learns nothing (404)
  'GET /api/essays/:essayId': { expect: { ...STUDENT_OR_TUTOR, otherStudent: 404, otherTutor: 404 }, path: () => `/api/essays/${essay.heldId}` },
  'POST /api/essays/:essayId/messages': { expect: { ...STUDENT_OR_TUTOR, otherStudent: 404, otherTutor: 404 }, path: () => `/api/essays/${essay.heldId}/messages`, body: { content: 'matrix' } },
  'POST /api/essays/:essayId/reject': { expect: { ...TUTOR_OWN_ITEM }, path: () => `/api/essays/${essay.rejectId}/reject` },
  'POST /api/essays/:essayId/confirm': { expect: { ...TUTOR_OWN_ITEM }, path: () => `/api/essays/${essay.heldId}/confirm` },
  'POST /api/essays/:essayId/confirm-price': { expect: { ...STUDENT_OWN_ITEM }, path: () => `/api/essays/${essay.heldId}/confirm-price`, body: { pricePence: 150 } },
  'GET /api/payments/local-checkout/:sessionId': { expect: PUBLIC, path: () => `/api/payments/local-checkout/${pay.sessionId}` },
  'POST /api/payments/local-checkout/:sessionId': { expect: PUBLIC, path: () => `/api/payments/local-checkout/${pay.sessionId}`, body: { action: 'cancel' } },

  // ── tutoring ── Find Your Tutor is for students and tutors despite its prefix; the profile, the DBS form and
  // the tutor's lists for tutors; a session is cancelled by its own student or tutor only (a stranger: 404). The
  // session fixture is confirmed without a payment, so its owners get past authorisation to a 409 (nothing to refund).
  'GET /api/tutor/getTutorProfilesforTutoring': { expect: STUDENT_OR_TUTOR },
  'GET /api/tutor/getTutoringProfile': { expect: TUTOR },
  'POST /api/tutor/updateTutoringProfile': { expect: TUTOR },
  'POST /api/tutor/applyForDBS': { expect: TUTOR },
  'GET /api/tutor/getPendingTutoringSessions': { expect: TUTOR },
  'GET /api/tutor/getInProgressTutoringSessions': { expect: TUTOR },
  'GET /api/tutor/getCompletedTutoringSessions': { expect: TUTOR },
  'POST /api/tutor/cancelTutoringSession/:id': { expect: TUTOR_OWN_ITEM, path: () => `/api/tutor/cancelTutoringSession/${tutoring.sessionId}` },
  'POST /api/student/createTutoringSession': { expect: STUDENT },
  'GET /api/student/getTutoringSessions': { expect: STUDENT },
  'GET /api/student/getUpcomingTutoringSessions': { expect: STUDENT },
  'GET /api/student/getCompletedTutoringSessions': { expect: STUDENT },
  'POST /api/student/cancelTutoringSession/:id': { expect: STUDENT_OWN_ITEM, path: () => `/api/student/cancelTutoringSession/${tutoring.sessionId}` },
  // ── admin area: every admin route is the admin's alone ─────────────────────────────────────
  // Bodies left out answer 400 (past authorisation); the ban routes unban (a no-op) so no fixture changes.
  // ── notifications: one list per person; a notice is its recipient's alone (anyone else: 404) ──
  'GET /api/notifications': { expect: STUDENT_OR_TUTOR },
  'POST /api/notifications/read-all': { expect: STUDENT_OR_TUTOR },
  'GET /api/notifications/preferences': { expect: STUDENT_OR_TUTOR },
  'PUT /api/notifications/preferences': { expect: STUDENT_OR_TUTOR, body: { muted: [] } },
  'POST /api/notifications/:id/read': { expect: { ...STUDENT_OR_TUTOR, otherStudent: 404, tutor: 404, otherTutor: 404 }, path: () => `/api/notifications/${notice.id}/read` },
  'GET /api/admin/getDashboardData': { expect: ADMIN },
  'GET /api/admin/audit': { expect: ADMIN },
  'GET /api/admin/getUnapprovedTutors': { expect: ADMIN },
  'POST /api/admin/approveTutor': { expect: ADMIN },
  'POST /api/admin/rejectTutor': { expect: ADMIN },
  'POST /api/admin/reviewTutorChange': { expect: ADMIN },
  'GET /api/admin/getAllTutors': { expect: ADMIN },
  'GET /api/admin/getTutorById/:id': { expect: ADMIN, path: (_actor, a) => `/api/admin/getTutorById/${a.tutor.user.id}` },
  'PUT /api/admin/updateTutor/:id': { expect: ADMIN, path: (_actor, a) => `/api/admin/updateTutor/${a.tutor.user.id}`, body: { banned: false } },
  'GET /api/admin/getAllStudents': { expect: ADMIN },
  'GET /api/admin/getStudentById/:id': { expect: ADMIN, path: (_actor, a) => `/api/admin/getStudentById/${a.student.user.id}` },
  'PUT /api/admin/updateStudent/:id': { expect: ADMIN, path: (_actor, a) => `/api/admin/updateStudent/${a.student.user.id}`, body: { banned: false } },
  'GET /api/admin/tutoring/banImpact/:userId': { expect: ADMIN, path: (_actor, a) => `/api/admin/tutoring/banImpact/${a.tutor.user.id}` },
  'POST /api/admin/chat/moderation/resolve': { expect: ADMIN },
  'GET /api/admin/transactions': { expect: ADMIN },
  'GET /api/admin/transactions/export.csv': { expect: ADMIN },
};

/** Routes served by Fastify plugins rather than Nest controllers, checked as public too. */
const PLUGIN_ROUTES = ['GET /api/docs', 'GET /api/docs-json'];

/** Every route of every Nest controller, read from the running app's metadata (as Nest's RoutesResolver does). */
function registeredRoutes(app: NestFastifyApplication): string[] {
  const routes = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!controller) continue;
      const bases = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler);
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        for (const base of bases) {
          for (const path of ([] as string[]).concat(paths)) {
            const full = `/api/${[base, path].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`.replace(/\/$/, '');
            routes.add(`${method} ${full || '/api'}`);
          }
        }
      }
    }
  }
  return [...routes].sort();
}

describe('authorisation matrix', () => {
  let app: NestFastifyApplication;
  let redis: Redis;
  let accounts: Record<Exclude<Actor, 'none'>, TestAccount>;

  beforeAll(async () => {
    ({ app } = await bootApp({}, { modules: [TestPayablesModule] }));
    redis = new Redis(process.env.REDIS_URL!);
    accounts = {
      student: await createAccount(app, { role: 'student', studentProfile: true }),
      otherStudent: await createAccount(app, { role: 'student', studentProfile: true }),
      tutor: await createAccount(app, { role: 'tutor' }),
      otherTutor: await createAccount(app, { role: 'tutor' }),
      admin: await createAccount(app, { role: 'admin', onboarded: false }),
    };
    // The student and the tutor share an essay; the "other" accounts are strangers to that thread.
    await db(app).update(tutorProfiles).set({ hasDbs: true }).where(inArray(tutorProfiles.userId, [accounts.tutor.user.id, accounts.otherTutor.user.id]));
    await app.get(ChatService).openConversation(accounts.student.user.id, accounts.tutor.user.id, { kind: 'essay', id: randomUUID() });

    // Payments: one unpaid essay, one open checkout, and a paid essay and session whose tutor may be paid.
    const items = app.get(TestItems);
    const payments = app.get(PaymentsService);
    const own = { studentId: accounts.student.user.id, tutorId: accounts.tutor.user.id };
    pay.essayId = items.create(own).id;
    const open = items.create(own);
    pay.sessionId = new URL(await payments.checkoutUrl(accounts.student.user, 'essay', open.id)).pathname.split('/').pop()!;
    const paid = async (kind: 'essay' | 'tutoring_session') => {
      const item = items.create({ ...own, kind, payoutEligible: true });
      const sessionId = new URL(await payments.checkoutUrl(accounts.student.user, kind, item.id)).pathname.split('/').pop()!;
      await app.get(LocalCheckout).act(sessionId, 'pay');
      return item.id;
    };
    pay.paidEssayId = await paid('essay');
    pay.paidSessionId = await paid('tutoring_session');
    const payout = await payments.requestPayout(accounts.tutor.user.id, 'essay', await paid('essay'));
    pay.payoutId = payout.id;
    pay.paymentId = payout.id;

    // Essays: both tutors approved for essays at PhD level (they see the whole pool).
    await db(app).update(tutorProfiles).set({ approvedEssay: true, approved: true, studyLevel: 'PhD' }).where(inArray(tutorProfiles.userId, [accounts.tutor.user.id, accounts.otherTutor.user.id]));
    const essayRow = { studentId: accounts.student.user.id, title: 'Matrix essay', subject: 'History', academicLevel: 'A-Level' as const, originalWordCount: 100, wordCount: 100, pricePence: 150, fileKey: 'essays/matrix/essay.pdf', fileName: 'essay.pdf', fileMime: 'application/pdf' };
    [{ id: essay.openId }] = await db(app).insert(essays).values({ ...essayRow, status: 'open' }).returning({ id: essays.id });
    [{ id: essay.cancelId }] = await db(app).insert(essays).values({ ...essayRow, status: 'open' }).returning({ id: essays.id });
    [{ id: essay.rejectId }] = await db(app).insert(essays).values({ ...essayRow, status: 'accepted', tutorId: accounts.tutor.user.id, acceptedAt: new Date() }).returning({ id: essays.id });
    [{ id: essay.heldId }] = await db(app).insert(essays).values({ ...essayRow, status: 'accepted', tutorId: accounts.tutor.user.id, acceptedAt: new Date() }).returning({ id: essays.id });
    // As an acceptance would: the held essay is one of the pair's conversation's reasons (a message naming it needs that).
    await app.get(ChatService).openConversation(accounts.student.user.id, accounts.tutor.user.id, { kind: 'essay', id: essay.heldId });

    // Notifications: one notice to the student.
    [{ id: notice.id }] = await db(app)
      .insert(notifications)
      .values({ userId: accounts.student.user.id, kind: 'essay_accepted', title: 'Matrix notice', body: 'Matrix', path: '/student/essays', dedupeKey: 'matrix' })
      .returning({ id: notifications.id });

    // Tutoring: a confirmed session a week ahead.
    const start = new Date(Date.now() + 7 * 86_400_000);
    [{ id: tutoring.sessionId }] = await db(app)
      .insert(tutoringSessions)
      .values({ studentId: accounts.student.user.id, tutorId: accounts.tutor.user.id, purpose: 'Matrix', startTime: start, endTime: new Date(start.getTime() + 3_600_000), status: 'confirmed', hourlyRatePence: 3000, pricePence: 3000, meetingLink: 'https://meet.example.test/matrix' })
      .returning({ id: tutoringSessions.id });
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });

  it('has an entry for every registered route', () => {
    const missing = registeredRoutes(app).filter((route) => !TABLE[route]);
    expect(missing).toEqual([]);
  });

  it('lists no route that does not exist', () => {
    const routes = new Set(registeredRoutes(app));
    expect(Object.keys(TABLE).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('answers every route as the table says, for every kind of caller', async () => {
    const failures: string[] = [];
    for (const [route, entry] of Object.entries(TABLE)) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const actor of Object.keys(entry.expect) as Actor[]) {
        await resetLimits(redis);
        const path = entry.path?.(actor, accounts) ?? pattern.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
        let req = request(app.getHttpServer())[method.toLowerCase() as 'get'](path);
        if (actor !== 'none') {
          const account = accounts[actor];
          const token = entry.freshToken ? await app.get((await import('../src/modules/auth/auth-tokens.service.js')).AuthTokens).issue(account.user) : account.token;
          req = req.set(bearer(token));
        }
        const body = typeof entry.body === 'function' ? entry.body() : entry.body;
        if (entry.form) for (const [field, value] of Object.entries(entry.form())) req = req.field(field, value);
        const response = method === 'GET' || entry.form ? await req : await req.send(body ?? {});
        if (entry.restoreSessions && actor !== 'none') {
          await db(app).update(authSessions).set({ revokedAt: null }).where(eq(authSessions.userId, accounts[actor].user.id));
          await heardByTheApp(app);
        }
        const want = entry.expect[actor];
        // Where the table tells owners from strangers by 404, the owner's 'ok' must not be a 404 either.
        const denied = Object.values(entry.expect).includes(404) ? [401, 403, 404] : [401, 403];
        const ok = want === 'ok' ? !denied.includes(response.status) : response.status === want;
        if (!ok) failures.push(`${route} as ${actor}: expected ${want}, got ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // The socket's events, by caller: each handler re-checks that the caller owns what it names.
  describe('socket events', () => {
    type SocketOutcome = 'ok' | 'refused';
    const EVENTS: Record<string, { payload: (a: Record<Exclude<Actor, 'none'>, TestAccount>, actor: Exclude<Actor, 'none'>) => unknown; expect: Record<Exclude<Actor, 'none'>, SocketOutcome> }> = {
      'join (own id)': { payload: (a, actor) => a[actor].user.id, expect: { student: 'ok', otherStudent: 'ok', tutor: 'ok', otherTutor: 'ok', admin: 'ok' } },
"join ({ userId: own id })": { payload: (a, actor) => ({ userId: a[actor].user.id }), expect: { student: 'ok', otherStudent: 'ok', tutor: 'ok', otherTutor: 'ok', admin: 'ok' } },
      "join (someone else's id)": { payload: (a, actor) => (actor === 'student' ? a.tutor : a.student).user.id, expect: { student: 'refused', otherStudent: 'refused', tutor: 'refused', otherTutor: 'refused', admin: 'refused' } },
      'sendMessage to the thread’s other side': {
        payload: (a, actor) => ({ recipient: (actor.toLowerCase().includes('student') ? a.tutor : a.student).user.id, content: 'matrix' }),
        expect: { student: 'ok', otherStudent: 'refused', tutor: 'ok', otherTutor: 'refused', admin: 'refused' },
      },
      'markRead of the thread': {
        payload: (a, actor) => ({ contactId: (actor.toLowerCase().includes('student') ? a.tutor : a.student).user.id }),
        expect: { student: 'ok', otherStudent: 'refused', tutor: 'ok', otherTutor: 'refused', admin: 'refused' },
      },
    };

    let origin: string;
    beforeAll(async () => {
      origin = await listen(app);
    });

    it('refuses the handshake without a token', async () => {
      expect(await refusal(origin, undefined)).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('answers every event as the table says, for every kind of caller', async () => {
      const failures: string[] = [];
      for (const [name, entry] of Object.entries(EVENTS)) {
        for (const actor of Object.keys(entry.expect) as Exclude<Actor, 'none'>[]) {
          const socket = await connect(origin, accounts[actor].token);
          const answer = await socket.timeout(8000).emitWithAck(name.split(' ')[0]!, entry.payload(accounts, actor));
          const got: SocketOutcome = answer?.ok ? 'ok' : 'refused';
          if (got !== entry.expect[actor]) failures.push(`${name} as ${actor}: expected ${entry.expect[actor]}, got ${JSON.stringify(answer)}`);
          socket.close();
        }
      }
      closeAll();
      expect(failures).toEqual([]);
    });
  });

  // docs/decisions.md "Nobody deals with themselves": a user holding both profiles, on their own essay or as
  // their own tutor, gets past authentication and the role guard but is refused by the policy: 409 SELF_DEALING.
  describe('a user holding both profiles, on what is their own', () => {
    const own = { openId: '', heldId: '', doneId: '' };
    let dual: TestAccount;
    const SELF: Record<string, { body?: () => Record<string, unknown>; form?: () => Record<string, string> }> = {
      'POST /api/tutor/acceptEssay': { body: () => ({ essayID: own.openId }) },
      'POST /api/tutor/getEssay': { body: () => ({ essayID: own.openId }) },
      'POST /api/tutor/markEssay': { form: () => ({ essayID: own.heldId, score: '7', feedback: 'Matrix feedback. '.repeat(20) }) },
      'POST /api/student/giveRating': { body: () => ({ type: 'essay', essayId: own.doneId, ratings: 5 }) },
      'POST /api/tutor/generateTutorPaymentUrl': { body: () => ({ essayId: own.doneId }) },
      'POST /api/student/createTutoringSession': {
        body: () => ({ tutorId: dual.user.id, startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(), endTime: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(), purpose: 'Myself' }),
      },
    };
    beforeAll(async () => {
      dual = await createAccount(app, { role: 'student', studentProfile: true, tutorProfile: true });
      await db(app).update(tutorProfiles).set({ approvedEssay: true, approved: true, studyLevel: 'PhD' }).where(inArray(tutorProfiles.userId, [dual.user.id]));
      const row = { studentId: dual.user.id, title: 'Own essay', subject: 'History', academicLevel: 'A-Level' as const, originalWordCount: 100, wordCount: 100, pricePence: 150, fileKey: 'essays/matrix/own.pdf', fileName: 'own.pdf', fileMime: 'application/pdf' };
      const now = new Date();
      [{ id: own.openId }] = await db(app).insert(essays).values({ ...row, status: 'open' }).returning({ id: essays.id });
      // Self-held rows from before the rule: the API no longer lets anyone reach them.
      [{ id: own.heldId }] = await db(app).insert(essays).values({ ...row, status: 'paid', tutorId: dual.user.id, acceptedAt: now, paidTime: now }).returning({ id: essays.id });
      [{ id: own.doneId }] = await db(app).insert(essays).values({ ...row, status: 'completed', tutorId: dual.user.id, acceptedAt: now, paidTime: now, completedAt: now, studentAccept: true, score: 7, feedback: 'x' }).returning({ id: essays.id });
    });

    it('answers every self-dealing route 409 SELF_DEALING', async () => {
      const failures: string[] = [];
      for (const [route, entry] of Object.entries(SELF)) {
        expect(TABLE[route]).toBeDefined();
        await resetLimits(redis);
        const [method, path] = route.split(' ') as [string, string];
        let req = request(app.getHttpServer())[method.toLowerCase() as 'post'](path).set(bearer(dual.token));
        if (entry.form) for (const [field, value] of Object.entries(entry.form())) req = req.field(field, value);
        const response = entry.form ? await req : await req.send(entry.body?.() ?? {});
        if (response.status !== 409 || response.body.code !== 'SELF_DEALING') failures.push(`${route}: got ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
    });
  });

  it('serves the OpenAPI document and UI publicly', async () => {
    for (const route of PLUGIN_ROUTES) {
      const response = await request(app.getHttpServer()).get(route.split(' ')[1]!).redirects(1);
      expect([200, 301, 302]).toContain(response.status);
    }
  });
});
