// Security regression: a revoked session loses its chat sockets on every API instance at once,
// and every instance re-checks its sockets' sessions on a timer as a backstop.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { authSessions } from '../../src/infra/database/schema/index.js';
import { AuthTokens } from '../../src/modules/auth/auth-tokens.service.js';
import { ChatGateway } from '../../src/modules/chat/chat.gateway.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { sessionChatPair } from '../support/chat-pairs.js';
import { closeAll, connect, listen, next, refusal, send, type ClientSocket } from '../support/chat-sockets.js';
import { waitForMails } from '../support/mail-catcher.js';

/** When the socket's `disconnect` arrived (ms since the epoch) and why; rejects after 8 s. */
function disconnected(socket: ClientSocket): Promise<{ at: number; reason: string }> {
  return next<string>(socket, 'disconnect').then((reason) => ({ at: Date.now(), reason }));
}

/** True when `socket` is still connected after a round trip through the server (it answers an event). */
async function stillConnected(socket: ClientSocket): Promise<boolean> {
  if (!socket.connected) return false;
  const ack = await send(socket, { contactId: randomUUID() }, 'markRead').catch(() => undefined);
  return socket.connected && ack !== undefined;
}

describe('socket revocation across two API instances', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let originB: string;
  let admin: TestAccount;

  const pair = () => sessionChatPair(a);
  /** A second sign-in of the same user (another device). */
  const otherSession = (account: TestAccount) => a.get(AuthTokens).issue(account.user);

  beforeAll(async () => {
    ({ app: a } = await bootApp());
    // B re-checks on its default timer (30 s): what closes its sockets within a second below is the revocation itself.
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

  it('logout on A closes that session’s socket on B within a second; the same user’s other session keeps its socket', async () => {
    const { student, tutor } = await pair();
    const laptop = await connect(originB, student.token);
    const phoneToken = await otherSession(student);
    const phone = await connect(originB, phoneToken);
    const dropped = disconnected(laptop);

    await request(a.getHttpServer()).post('/api/auth/logout').set(bearer(student.token)).expect(204);
    const answeredAt = Date.now();
    const { at, reason } = await dropped;
    expect(reason).toBe('io server disconnect');
    expect(at - answeredAt).toBeLessThan(1000);
    expect(await refusal(originB, student.token)).toMatchObject({ code: 'SESSION_EXPIRED' });

    // The other session still receives the user's messages.
    expect(await stillConnected(phone)).toBe(true);
    const arrived = next(phone, 'receiveMessage');
    const tutorSocket = await connect(originB, tutor.token);
    await send(tutorSocket, { recipient: student.user.id, content: 'still here?' });
    expect((await arrived).content).toBe('still here?');
  });

  it('sign out everywhere on A closes every socket of the user on B', async () => {
    const { student } = await pair();
    const first = await connect(originB, student.token);
    const second = await connect(originB, await otherSession(student));
    const drops = [disconnected(first), disconnected(second)];
    await request(a.getHttpServer()).post('/api/auth/logoutEverywhere').set(bearer(student.token)).expect(204);
    const answeredAt = Date.now();
    for (const { at, reason } of await Promise.all(drops)) {
      expect(reason).toBe('io server disconnect');
      expect(at - answeredAt).toBeLessThan(1000);
    }
    await request(b.getHttpServer()).get('/api/auth/me').set(bearer(student.token)).expect(401);
  });

  it('a password reset on A closes the user’s sockets on B', async () => {
    const { student } = await pair();
    const socket = await connect(originB, student.token);
    await request(a.getHttpServer()).post('/api/auth/requestPasswordReset').send({ email: student.user.email }).expect(200);
    const [mail] = await waitForMails(student.user.email);
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    // Listened for from here: the mail's way through the queue is not part of the second the reset may take.
    const dropped = disconnected(socket);
    await request(a.getHttpServer()).post('/api/auth/resetPassword').send({ resetToken, newPassword: 'Brand-New-Kettle-9' }).expect(200);
    const answeredAt = Date.now();
    const { at, reason } = await dropped;
    expect(reason).toBe('io server disconnect');
    expect(at - answeredAt).toBeLessThan(1000);
  });

  it('a two-factor change on A closes the user’s other sessions and their sockets on B; the session that made it stays', async () => {
    const { student } = await pair();
    const otherToken = await otherSession(student);
    const here = await connect(originB, student.token);
    const elsewhere = await connect(originB, otherToken);
    const dropped = disconnected(elsewhere);
    await request(a.getHttpServer()).put('/api/auth/two-factor').set(bearer(student.token)).send({ enabled: true }).expect(200);
    const answeredAt = Date.now();
    const { at, reason } = await dropped;
    expect(reason).toBe('io server disconnect');
    expect(at - answeredAt).toBeLessThan(1000);
    await request(b.getHttpServer()).get('/api/auth/me').set(bearer(otherToken)).expect(401);
    await request(b.getHttpServer()).get('/api/auth/me').set(bearer(student.token)).expect(200);
    expect(await stillConnected(here)).toBe(true);
  });

  it('a ban on A (the admin route) closes the user’s socket on B within a second', async () => {
    const { student } = await pair();
    const socket = await connect(originB, student.token);
    const dropped = disconnected(socket);
    await request(a.getHttpServer()).put(`/api/admin/updateStudent/${student.user.id}`).set(bearer(admin.token)).send({ banned: true }).expect(200);
    const answeredAt = Date.now();
    const { at, reason } = await dropped;
    expect(reason).toBe('io server disconnect');
    expect(at - answeredAt).toBeLessThan(1000);
  });

  it('backstop: a session ended without an event (straight in the database) is closed by the instance’s re-check', async () => {
    const { student } = await pair();
    const socket = await connect(originB, student.token);
    const other = await connect(originB, await otherSession(student));
    const sessionId = (JSON.parse(Buffer.from(student.token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    await db(a).update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, sessionId));
    const error = next(socket, 'error');
    const dropped = disconnected(socket);
    expect(await b.get(ChatGateway).recheckSessions()).toBeGreaterThanOrEqual(1);
    expect(await error).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect((await dropped).reason).toBe('io server disconnect');
    expect(await stillConnected(other)).toBe(true);
  });
});

describe('the periodic session re-check', () => {
  let app: NestFastifyApplication;
  let origin: string;

  beforeAll(async () => {
    ({ app } = await bootApp({ CHAT_SESSION_RECHECK_SECONDS: '1' }));
    origin = await listen(app);
  });
  afterAll(async () => {
    closeAll();
    await app?.close();
  });

  it('runs on its own every CHAT_SESSION_RECHECK_SECONDS and closes a socket whose session ended', async () => {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const socket = await connect(origin, student.token);
    const dropped = disconnected(socket);
    const revokedAt = Date.now();
    await db(app).update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, student.user.id));
    const { at, reason } = await dropped;
    expect(reason).toBe('io server disconnect');
    expect(at - revokedAt).toBeLessThan(2500);
  });
});
