// Security regression: every authenticated write counts against a per-user limit kept in Redis
// (shared by every API instance), answered 429 RATE_LIMITED with Retry-After; chat messages are limited per user over
// every socket and the essay discussion's HTTP route together, not per socket.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { CHAT_SEND_LIMIT } from '@redpen/shared/chat-rules';
import { tutorProfiles } from '../../src/infra/database/schema/index.js';
import { CHAT_BLOCK_LIMIT, CHAT_REPORT_LIMIT } from '../../src/modules/chat/chat-limits.js';
import { ChatService } from '../../src/modules/chat/chat.service.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { closeAll, collect, connect, listen, next } from '../support/chat-sockets.js';

const GENERAL = 5;

describe('per-user limits on authenticated writes (two instances, one Redis)', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let originA: string;
  let originB: string;

  beforeAll(async () => {
    ({ app: a } = await bootApp({ WRITE_RATE_LIMIT_PER_MINUTE: String(GENERAL) }));
    ({ app: b } = await bootApp({ WRITE_RATE_LIMIT_PER_MINUTE: String(GENERAL), WORKERS: 'off' }));
    originA = await listen(a);
    originB = await listen(b);
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await a?.close();
    await b?.close();
  });

  const post = (app: NestFastifyApplication, path: string, account: TestAccount, body: Record<string, unknown> = {}) =>
    request(app.getHttpServer()).post(path).set(bearer(account.token)).send(body);

  function expectLimited(response: request.Response): void {
    expect(response.status).toBe(429);
    expect(response.body.code).toBe('RATE_LIMITED');
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }

  it('counts a user’s writes across both instances and answers 429 with Retry-After past the general limit', async () => {
    const student = await createAccount(a, { role: 'student', studentProfile: true });
    for (let i = 0; i < GENERAL; i++) {
      const response = await post(i % 2 ? b : a, '/api/auth/signInLink', student);
      expect(response.status).toBe(201);
    }
    expectLimited(await post(b, '/api/auth/signInLink', student));
    expectLimited(await post(a, '/api/student/updateProfile', student, { name: 'Still me' }));
    // Reads are not counted; another user has a count of their own.
    await request(a.getHttpServer()).get('/api/auth/me').set(bearer(student.token)).expect(200);
    const other = await createAccount(a, { role: 'student', studentProfile: true });
    expect((await post(a, '/api/auth/signInLink', other)).status).toBe(201);
    // Signing out has a count of its own: a user past the general limit can still end their sessions.
    expect((await post(b, '/api/auth/logoutEverywhere', student)).status).toBe(204);
  });

  type Case = [label: string, role: 'student' | 'tutor', path: () => string, points: number, body: Record<string, unknown>];
  it.each<Case>([
    ['a chat report (student)', 'student', () => `/api/student/chats/${randomUUID()}/report`, CHAT_REPORT_LIMIT.points, { reason: 'Asked for my number' }],
    ['a chat report (tutor)', 'tutor', () => `/api/tutor/chats/${randomUUID()}/report`, CHAT_REPORT_LIMIT.points, { reason: 'Rude messages' }],
    ['a block', 'student', () => `/api/student/chats/${randomUUID()}/block`, CHAT_BLOCK_LIMIT.points, {}],
    ['a rating', 'student', () => '/api/student/giveRating', 20, { type: 'essay', id: randomUUID(), rating: 5 }],
    ['an essay discussion message', 'student', () => `/api/essays/${randomUUID()}/messages`, CHAT_SEND_LIMIT.points, { content: 'Hello' }],
  ])('limits %s by its own rule, apart from the general count', async (_label, role, path, points, body) => {
    const account = await createAccount(a, { role, studentProfile: role === 'student' });
    for (let i = 0; i < points; i++) {
      const response = await post(i % 2 ? b : a, path(), account, body);
      expect(response.status).not.toBe(429);
    }
    expectLimited(await post(a, path(), account, body));
    // Its own rule: the general count is untouched.
    expect((await post(b, '/api/auth/signInLink', account)).status).toBe(201);
  });

  it('unblocking shares the block count', async () => {
    const student = await createAccount(a, { role: 'student', studentProfile: true });
    for (let i = 0; i < CHAT_BLOCK_LIMIT.points; i++) {
      const path = `/api/student/chats/${randomUUID()}/block`;
      const response = i % 2 ? await request(b.getHttpServer()).delete(path).set(bearer(student.token)) : await post(a, path, student);
      expect(response.status).not.toBe(429);
    }
    expectLimited(await request(a.getHttpServer()).delete(`/api/student/chats/${randomUUID()}/block`).set(bearer(student.token)));
  });

  it('limits chat messages per user over all their sockets, on both instances, and the discussion’s HTTP route with them', async () => {
    const student = await createAccount(a, { role: 'student', studentProfile: true });
    const tutor = await createAccount(a, { role: 'tutor' });
    await db(a).update(tutorProfiles).set({ hasDbs: true }).where(eq(tutorProfiles.userId, tutor.user.id));
    await a.get(ChatService).openConversation(student.user.id, tutor.user.id, { kind: 'session', id: randomUUID() });
    const tabs = [await connect(originA, student.token), await connect(originB, student.token), await connect(originB, student.token)];
    const acks: { ok: boolean; code?: string }[] = [];
    for (let i = 0; i < CHAT_SEND_LIMIT.points; i++) {
      acks.push(await tabs[i % tabs.length]!.timeout(8000).emitWithAck('sendMessage', { recipient: tutor.user.id, content: `message ${i}` }));
    }
    expect(acks.every((ack) => ack.ok)).toBe(true);
    // Each socket alone has sent a third of the limit: the next message is refused whichever tab sends it.
    for (const tab of tabs) {
      expect(await tab.timeout(8000).emitWithAck('sendMessage', { recipient: tutor.user.id, content: 'one more' })).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    }
    // A new socket does not start a new count.
    const fresh = await connect(originA, student.token);
    const errors = collect(fresh, 'error');
    const refused = next(fresh, 'error');
    fresh.emit('sendMessage', { recipient: tutor.user.id, content: 'from a new tab' });
    expect(await refused).toMatchObject({ code: 'RATE_LIMITED' });
    expect(errors).toHaveLength(1);
    // The essay discussion's HTTP messages count with the sockets'.
    expectLimited(await post(b, `/api/essays/${randomUUID()}/messages`, student, { content: 'over HTTP' }));
  });
});
