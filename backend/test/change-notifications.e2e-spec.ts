// The in-process caches on the request path (SessionCache, the tutor's standing, the essay pool's answers) against
// the real PostgreSQL: a change made anywhere reaches them through the triggers' notifications, a change made by the
// app itself counts on its next request, and without the notification connection nothing is reused.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { DatabaseNotifications, NOTIFICATIONS_APPLICATION_NAME } from '../src/infra/database/database-notifications.js';
import { essays, tutorProfiles, users } from '../src/infra/database/schema/index.js';
import { SessionCache } from '../src/modules/auth/session-cache.js';
import { bearer, createAccount, db, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';

const until = async (check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
};

describe('change notifications and the caches they keep honest', () => {
  let app: NestFastifyApplication;
  let notifications: DatabaseNotifications;
  let sessions: SessionCache;
  const http = () => request(app.getHttpServer());
  const me = (account: TestAccount) => http().get('/api/auth/me').set(bearer(account.token));
  const pool = (tutor: TestAccount) => http().get('/api/tutor/getAvailableEssays').set(bearer(tutor.token));
  const poolIds = async (tutor: TestAccount) => {
    const response = await pool(tutor).expect(200).expect('content-type', 'application/json; charset=utf-8');
    return (response.body.essays as { _id: string }[]).map((essay) => essay._id);
  };

  /** An open essay written straight to the table (the pool's cache must hear about it like any other change). */
  async function openEssay(student: TestAccount, title: string): Promise<string> {
    const [row] = await db(app)
      .insert(essays)
      .values({
        studentId: student.user.id, title, subject: 'History', academicLevel: 'A-Level', status: 'open', originalWordCount: 1000, wordCount: 1000,
        pricePence: 2000, fileKey: `essays/test/${title}.pdf`, fileName: 'essay.pdf', fileMime: 'application/pdf', confirmedAt: new Date(),
      })
      .returning({ id: essays.id });
    return row!.id;
  }

  beforeAll(async () => {
    ({ app } = await bootApp({ AUTH_SESSION_CACHE_SECONDS: '300' }));
    notifications = app.get(DatabaseNotifications);
    sessions = app.get(SessionCache);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reuses a session check, and drops it when another writer changes the user (the trigger, not the app, tells)', async () => {
    const account = await createAccount(app);
    expect((await me(account).expect(200)).body.user.name).toBe(account.user.name);
    expect(await until(async () => notifications.listening)).toBe(true);
    await me(account).expect(200);
    expect(sessions.size).toBeGreaterThan(0);

    // Written as an operator in psql would: no code of the app runs. Without the notification the cached name
    // would be served for AUTH_SESSION_CACHE_SECONDS (300 s here).
    await db(app).update(users).set({ name: 'Renamed Elsewhere' }).where(eq(users.id, account.user.id));
    expect(await until(async () => (await me(account)).body.user?.name === 'Renamed Elsewhere')).toBe(true);

    // A ban from elsewhere, once its notification has arrived (flush), refuses the very next request.
    await me(account).expect(200);
    await db(app).update(users).set({ banned: true }).where(eq(users.id, account.user.id));
    await notifications.flush();
    expect((await me(account).expect(403)).body.code).toBe('ACCOUNT_BANNED');
  });

  it('refuses a signed-out token on the next request, cached or not', async () => {
    const account = await createAccount(app);
    await me(account).expect(200);
    await me(account).expect(200);
    await http().post('/api/auth/logout').set(bearer(account.token)).expect(204);
    await me(account).expect(401);
  });

  it('counts the app’s own change on its next request (two-factor turned on, then off)', async () => {
    const account = await createAccount(app);
    expect((await me(account).expect(200)).body.user.twoFactorEnabled).toBe(false);
    await me(account).expect(200);
    await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: true }).expect(200);
    expect((await me(account).expect(200)).body.user.twoFactorEnabled).toBe(true);
    await http().put('/api/auth/two-factor').set(bearer(account.token)).send({ enabled: false, password: account.password }).expect(200);
    expect((await me(account).expect(200)).body.user.twoFactorEnabled).toBe(false);
  });

  it('reuses nothing while the notification connection is down, and again once it is back', async () => {
    const account = await createAccount(app);
    await me(account).expect(200);
    expect(await until(async () => notifications.listening)).toBe(true);
    await db(app).execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${NOTIFICATIONS_APPLICATION_NAME}`);
    expect(await until(async () => !notifications.listening)).toBe(true);
    // Down: a change nobody announced is read at once, because nothing is reused.
    await db(app).update(users).set({ name: 'Changed While Deaf' }).where(eq(users.id, account.user.id));
    expect((await me(account).expect(200)).body.user.name).toBe('Changed While Deaf');
    expect(sessions.size).toBe(0);
    // Back (the reconnect's back-off is a fraction of a second): reused again, and dropped again on a change.
    expect(await until(async () => (await me(account), notifications.listening))).toBe(true);
    await me(account).expect(200);
    expect(sessions.size).toBeGreaterThan(0);
    await db(app).update(users).set({ name: 'Changed After' }).where(eq(users.id, account.user.id));
    await notifications.flush();
    expect((await me(account).expect(200)).body.user.name).toBe('Changed After');
  });

  it('shares the pool’s answer until the pool changes, and re-reads a tutor’s approval when it changes', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const tutor = await createAccount(app, { role: 'tutor' });
    const otherTutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, tutor.user.id));
    await db(app).update(tutorProfiles).set({ approved: true, approvedEssay: true, studyLevel: 'PhD' }).where(eq(tutorProfiles.userId, otherTutor.user.id));
    await notifications.flush().catch(() => undefined); // not listening yet is fine: nothing is cached then

    const first = await openEssay(student, `pool-first-${Date.now()}`);
    expect(await poolIds(tutor)).toContain(first);
    expect(await poolIds(otherTutor)).toContain(first);

    // The answer is shared: with the trigger off, an essay opened elsewhere stays unseen…
    await db(app).execute(sql`alter table essays disable trigger essays_pool_changed`);
    let unheard: string;
    try {
      unheard = await openEssay(student, `pool-unheard-${Date.now()}`);
    } finally {
      await db(app).execute(sql`alter table essays enable trigger essays_pool_changed`);
    }
    await notifications.flush();
    expect(await poolIds(otherTutor)).not.toContain(unheard);

    // …and with it on, a new open essay written elsewhere appears (with the unheard one); one leaving the pool disappears.
    const second = await openEssay(student, `pool-second-${Date.now()}`);
    expect(await until(async () => (await poolIds(tutor)).includes(second))).toBe(true);
    expect(await poolIds(otherTutor)).toContain(unheard);
    await db(app).update(essays).set({ status: 'cancelled' }).where(eq(essays.id, first));
    await notifications.flush();
    expect(await poolIds(otherTutor)).not.toContain(first);

    // Accepted through the API: gone from the next pool read of any tutor.
    await http().post('/api/tutor/acceptEssay').set(bearer(tutor.token)).send({ essayID: second }).expect(200);
    await notifications.flush();
    expect(await poolIds(otherTutor)).not.toContain(second);

    // The approval withdrawn elsewhere: refused once its notification arrived.
    await db(app).update(tutorProfiles).set({ approvedEssay: false }).where(eq(tutorProfiles.userId, otherTutor.user.id));
    await notifications.flush();
    expect((await pool(otherTutor).expect(403)).body.code).toBe('TUTOR_NOT_APPROVED');
  });
});
