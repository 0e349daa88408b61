// A ban through the admin API bites at once on every instance: the banned user's existing token is refused on the
// next request to a second API instance, and their open socket there is disconnected.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ChatService } from '../src/modules/chat/chat.service.js';
import { bearer, createAccount, type TestAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { closeAll, connect, listen, next, refusal } from './support/chat-sockets.js';

describe('bans across two API instances', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let originB: string;
  let admin: TestAccount;

  beforeAll(async () => {
    ({ app: a } = await bootApp());
    ({ app: b } = await bootApp({ WORKERS: 'off' }));
    await listen(a);
    originB = await listen(b);
    admin = await createAccount(a, { role: 'admin', onboarded: false });
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await a?.close();
    await b?.close();
  });

  it.each([
    ['student', 'updateStudent'],
    ['tutor', 'updateTutor'],
  ] as const)('a %s banned on instance A is refused on B at the next request, and their socket on B is closed', async (role, route) => {
    const user = await createAccount(a, { role, studentProfile: role === 'student' });
    const tutor = await createAccount(a, { role: 'tutor' });
    if (role === 'student') await a.get(ChatService).openConversation(user.user.id, tutor.user.id, { kind: 'session', id: randomUUID() });
    // B has the session in its cache from this request on.
    await request(b.getHttpServer()).get('/api/auth/me').set(bearer(user.token)).expect(200);
    const socket = await connect(originB, user.token);
    const dropped = next(socket, 'disconnect');

    await request(a.getHttpServer()).put(`/api/admin/${route}/${user.user.id}`).set(bearer(admin.token)).send({ banned: true }).expect(200);

    const refused = await request(b.getHttpServer()).get('/api/auth/me').set(bearer(user.token));
    expect([401, 403]).toContain(refused.status);
    expect(await dropped).toBe('io server disconnect');
    expect(await refusal(originB, user.token)).toMatchObject({ code: expect.stringMatching(/ACCOUNT_BANNED|SESSION_EXPIRED|UNAUTHENTICATED/) });

    // Unbanned: access comes back with a new sign-in only (the ban ended every session).
    await request(a.getHttpServer()).put(`/api/admin/${route}/${user.user.id}`).set(bearer(admin.token)).send({ banned: false }).expect(200);
    expect((await request(b.getHttpServer()).get('/api/auth/me').set(bearer(user.token))).status).toBe(401);
    const login = await request(b.getHttpServer()).post('/api/auth/login').send({ email: user.user.email, password: user.password });
    expect(login.status).toBe(200);
  });
});
