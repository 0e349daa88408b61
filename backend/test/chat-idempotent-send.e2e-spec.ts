// Idempotent chat sends: a message sent with a client id is saved once per sender and client id. A repeat (a retry
// whose first answer was lost), over the socket or the essay discussion's HTTP route, or two sends racing, answers
// the one saved message (same _id) and emits, flags and records nothing again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { chatMessages, domainEvents, safeguardingFlags } from '../src/infra/database/schema/index.js';
import { ChatService } from '../src/modules/chat/chat.service.js';
import { bearer, db } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { essayChatPair } from './support/chat-pairs.js';
import { closeAll, collect, connect, listen, next, send } from './support/chat-sockets.js';

const CLIENT_ID_MESSAGE = 'clientId must be 8 to 64 letters, digits, hyphens or underscores';

describe('chat: idempotent sends by client id', () => {
  let app: NestFastifyApplication;
  let origin: string;
  let chat: ChatService;
  const http = () => request(app.getHttpServer());
  let counter = 0;
  /** A fresh client id, as the web app makes them (a UUID) or shorter. */
  const newClientId = () => `retry-${process.pid}-${Date.now()}-${(counter += 1)}`;

  const pair = () => essayChatPair(app, 'Idempotent sends');

  const rowsOf = (senderId: string, clientId: string) =>
    db(app).select().from(chatMessages).where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
  const sentBy = (senderId: string) => db(app).select().from(chatMessages).where(eq(chatMessages.senderId, senderId));
  const missedEventsFor = (messageId: string) =>
    db(app)
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'chat.messageMissed'), sql`${domainEvents.payload}->>'messageId' = ${messageId}`));
  const flagsOf = (messageId: string) => db(app).select().from(safeguardingFlags).where(eq(safeguardingFlags.sourceId, messageId));

  beforeAll(async () => {
    ({ app } = await bootApp());
    origin = await listen(app);
    chat = app.get(ChatService);
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await app?.close();
  });

  it('answers a repeated socket send with the saved message: one row, the same _id, one delivery, not counted again', async () => {
    const { student, tutor } = await pair();
    const studentTab = await connect(origin, student.token);
    const tutorTab = await connect(origin, tutor.token);
    const delivered = collect(tutorTab, 'receiveMessage');
    const clientId = newClientId();
    const first = await send(studentTab, { recipient: tutor.user.id, content: 'Can we agree 2,000 words?', clientId });
    expect(first).toMatchObject({ ok: true, _id: expect.any(String) });
    // More repeats than the send limit allows messages (20 in 10 s): a repeat saves nothing, so it is not counted.
    for (let i = 0; i < 24; i += 1) {
      const again = await send(studentTab, { recipient: tutor.user.id, content: 'Can we agree 2,000 words?', clientId });
      expect(again).toEqual(first);
    }
    expect(await rowsOf(student.user.id, clientId)).toHaveLength(1);
    // A later, new message arrives; by then the first one's single delivery has too.
    const after = next(tutorTab, 'receiveMessage', (m) => m.content === 'And the deadline?');
    expect(await send(studentTab, { recipient: tutor.user.id, content: 'And the deadline?', clientId: newClientId() })).toMatchObject({ ok: true });
    await after;
    expect(delivered.map((m) => m._id)).toEqual([first._id, expect.any(String)]);
    expect(await sentBy(student.user.id)).toHaveLength(2);
  });

  it('answers a repeated HTTP send to the essay discussion with the saved message, and the socket shares the client ids', async () => {
    const { student, tutor, essayId } = await pair();
    const clientId = newClientId();
    const post = () => http().post(`/api/essays/${essayId}/messages`).set(bearer(tutor.token)).send({ content: '2,000 is fine by me.', clientId });
    const first = (await post().expect(200)).body.message;
    const second = (await post().expect(200)).body.message;
    expect(second).toEqual(first);
    expect(first).toMatchObject({ sender: tutor.user.id, essayId, content: '2,000 is fine by me.' });
    // The same id sent over the socket by the same sender is the same send.
    const tutorTab = await connect(origin, tutor.token);
    const bySocket = await send(tutorTab, { recipient: student.user.id, content: '2,000 is fine by me.', essayId, clientId });
    expect(bySocket).toMatchObject({ ok: true, _id: first._id, message: first });
    expect(await rowsOf(tutor.user.id, clientId)).toHaveLength(1);
    expect(await sentBy(tutor.user.id)).toHaveLength(1);
  });

  it('saves one row when two sends with one client id race, over the socket and over HTTP', async () => {
    const { student, tutor, essayId } = await pair();
    const studentTab = await connect(origin, student.token);
    const otherTab = await connect(origin, student.token);
    const socketId = newClientId();
    const [a, b] = await Promise.all([
      send(studentTab, { recipient: tutor.user.id, content: 'Racing', clientId: socketId }),
      send(otherTab, { recipient: tutor.user.id, content: 'Racing', clientId: socketId }),
    ]);
    expect(a).toMatchObject({ ok: true });
    expect(b._id).toBe(a._id);
    expect(await rowsOf(student.user.id, socketId)).toHaveLength(1);

    const httpId = newClientId();
    const post = () => http().post(`/api/essays/${essayId}/messages`).set(bearer(student.token)).send({ content: 'Racing over HTTP', clientId: httpId });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.message._id)).size).toBe(1);
    expect(await rowsOf(student.user.id, httpId)).toHaveLength(1);
  });

  it('flags and records a racing flagged send to an offline recipient once: the losers emit nothing', async () => {
    const { student, tutor } = await pair();
    const clientId = newClientId();
    // The tutor has no socket open: each saved message records chat.messageMissed (the email) with its flag.
    const sends = Array.from({ length: 6 }, () =>
      chat.sendMessage({ id: student.user.id, role: 'student' }, { recipient: tutor.user.id, content: 'Mail me at someone@example.com', clientId }),
    );
    const answers = await Promise.all(sends);
    expect(new Set(answers.map((m) => m._id)).size).toBe(1);
    expect(answers[0]!.masked).toEqual(['email']);
    const rows = await rowsOf(student.user.id, clientId);
    expect(rows).toHaveLength(1);
    expect(await flagsOf(rows[0]!.id)).toHaveLength(1);
    expect(await missedEventsFor(rows[0]!.id)).toHaveLength(1);
  });

  it("keeps each sender's client ids apart: the same id from the other side is a new message", async () => {
    const { student, tutor } = await pair();
    const clientId = newClientId();
    const studentTab = await connect(origin, student.token);
    const tutorTab = await connect(origin, tutor.token);
    const fromStudent = await send(studentTab, { recipient: tutor.user.id, content: 'Hello', clientId });
    const fromTutor = await send(tutorTab, { recipient: student.user.id, content: 'Hello', clientId });
    expect(fromStudent).toMatchObject({ ok: true });
    expect(fromTutor).toMatchObject({ ok: true, message: { sender: tutor.user.id } });
    expect(fromTutor._id).not.toBe(fromStudent._id);
    expect(await rowsOf(student.user.id, clientId)).toHaveLength(1);
    expect(await rowsOf(tutor.user.id, clientId)).toHaveLength(1);
    // Sends without a client id are never matched to each other.
    await send(studentTab, { recipient: tutor.user.id, content: 'No id' });
    await send(studentTab, { recipient: tutor.user.id, content: 'No id' });
    expect((await sentBy(student.user.id)).filter((m) => m.clientId === null)).toHaveLength(2);
  });

  it('refuses a malformed client id with a clear message over the socket and over HTTP, and saves nothing', async () => {
    const { student, tutor, essayId } = await pair();
    const studentTab = await connect(origin, student.token);
    for (const clientId of ['short', 'has spaces in it', 'dots.are.not.allowed', 'x'.repeat(65), 12345678, { id: 'abcdefgh' }]) {
      expect(await send(studentTab, { recipient: tutor.user.id, content: 'Hello', clientId })).toEqual({ ok: false, code: 'VALIDATION_FAILED', message: CLIENT_ID_MESSAGE });
      const refused = await http().post(`/api/essays/${essayId}/messages`).set(bearer(student.token)).send({ content: 'Hello', clientId }).expect(400);
      expect(refused.body).toMatchObject({ message: CLIENT_ID_MESSAGE, code: 'VALIDATION_FAILED', errors: [{ field: 'clientId', message: CLIENT_ID_MESSAGE }] });
    }
    // The bounds are allowed: 8 and 64 characters of letters, digits, - and _.
    for (const clientId of ['Ab3_-xyz', 'a'.repeat(64)]) expect(await send(studentTab, { recipient: tutor.user.id, content: 'Hello', clientId })).toMatchObject({ ok: true });
    expect(await sentBy(student.user.id)).toHaveLength(2);
  });
});
