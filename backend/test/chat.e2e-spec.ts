// Chat end to end: real socket.io clients against the whole app, PostgreSQL and Redis.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { AppConfig } from '../src/config/env.schema.js';
import { chatMessages, tutorProfiles } from '../src/infra/database/schema/index.js';
import { ChatService } from '../src/modules/chat/chat.service.js';
import { bearer, createAccount, db, setBanned } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { closeAll, collect, connect, listen, next, refusal, send } from './support/chat-sockets.js';

describe('chat', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let origin: string;
  let chat: ChatService;

  /** A student and a DBS-verified tutor who share an essay. */
  async function pair(options: { dbs?: boolean } = {}) {
    const student = await createAccount(app, { role: 'student', studentProfile: true });
    const tutor = await createAccount(app, { role: 'tutor' });
    await db(app).update(tutorProfiles).set({ hasDbs: options.dbs ?? true }).where(eq(tutorProfiles.userId, tutor.user.id));
    const essayId = randomUUID();
    await chat.openConversation(student.user.id, tutor.user.id, { kind: 'essay', id: essayId });
    return { student, tutor, essayId };
  }

  const rows = (id: string) => db(app).select().from(chatMessages).where(eq(chatMessages.id, id));

  beforeAll(async () => {
    ({ app, config } = await bootApp());
    origin = await listen(app);
    chat = app.get(ChatService);
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await app?.close();
  });

  describe('handshake', () => {
    it('refuses a missing token', async () => {
      expect(await refusal(origin, undefined)).toEqual({ message: 'Authentication required: connect with auth.token.', code: 'UNAUTHENTICATED' });
    });

    it('refuses a bad token', async () => {
      expect(await refusal(origin, 'not-a-jwt')).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid token. Please sign in again.' });
      const forged = await new JwtService().signAsync({ userId: randomUUID() }, { secret: 'x'.repeat(40), jwtid: randomUUID() });
      expect(await refusal(origin, forged)).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('refuses an expired token', async () => {
      const { user } = await createAccount(app);
      const expired = await new JwtService().signAsync(
        { userId: user.id, role: 'student', exp: Math.floor(Date.now() / 1000) - 60 },
        { secret: config.auth.jwtSecret, algorithm: 'HS256', jwtid: randomUUID() },
      );
      expect(await refusal(origin, expired)).toEqual({ message: 'Your session has ended. Please sign in again.', code: 'SESSION_EXPIRED' });
    });

    it('refuses a revoked token', async () => {
      const account = await createAccount(app);
      await request(app.getHttpServer()).post('/api/auth/logout').set(bearer(account.token)).send({});
      expect(await refusal(origin, account.token)).toMatchObject({ code: 'SESSION_EXPIRED' });
    });

    it("refuses a banned user's token", async () => {
      const account = await createAccount(app, { banned: true });
      expect(await refusal(origin, account.token)).toEqual({ message: 'Your account has been banned.', code: 'ACCOUNT_BANNED' });
    });

    it('accepts auth.token, a "Bearer" header, and polling before websocket', async () => {
      const account = await createAccount(app);
      await expect(connect(origin, account.token)).resolves.toBeTruthy();
      await expect(connect(origin, account.token, { header: true })).resolves.toBeTruthy();
      const polled = await connect(origin, account.token, { polling: true });
      expect(polled.connected).toBe(true);
    });

    it('joins only the caller’s own room', async () => {
      const { student, tutor } = await pair();
      const socket = await connect(origin, student.token);
      expect(await send(socket, { userId: student.user.id }, 'join')).toEqual({ ok: true });
      expect(await socket.timeout(8000).emitWithAck('join', student.user.id)).toEqual({ ok: true });
      expect(await socket.timeout(8000).emitWithAck('join', tutor.user.id)).toEqual({ ok: false, message: 'You can only join your own room.', code: 'FORBIDDEN' });
    });
  });

  describe('sendMessage', () => {
    it('saves the message, then delivers it to both rooms, and acknowledges with the saved id', async () => {
      const { student, tutor } = await pair();
      const studentTab = await connect(origin, student.token);
      const studentOtherTab = await connect(origin, student.token);
      const tutorTab = await connect(origin, tutor.token);
      // When the recipient hears of it, the row must already be in PostgreSQL.
      const seenByTutor = next(tutorTab, 'receiveMessage').then(async (message) => ({ message, stored: await rows(message._id) }));
      const seenByOtherTab = next(studentOtherTab, 'receiveMessage');

      const ack = await send(studentTab, { recipient: tutor.user.id, content: '  Hello, can we talk about my intro?  ' });

      expect(ack).toMatchObject({ ok: true, _id: expect.any(String), timestamp: expect.any(String) });
      const { message, stored } = await seenByTutor;
      expect(message).toEqual({
        _id: ack._id,
        sender: student.user.id,
        recipient: tutor.user.id,
        senderModel: 'Student',
        senderRole: 'student',
        content: 'Hello, can we talk about my intro?',
        timestamp: ack.timestamp,
        essayId: null,
        masked: [],
      });
      expect(stored).toHaveLength(1);
      expect(stored[0]!.content).toBe('Hello, can we talk about my intro?');
      expect((await seenByOtherTab)._id).toBe(ack._id);
    });

    it('ignores a forged sender and senderRole: the token decides who writes', async () => {
      const { student, tutor } = await pair();
      const someoneElse = await createAccount(app);
      const socket = await connect(origin, student.token);
      const ack = await send(socket, { sender: someoneElse.user.id, senderRole: 'tutor', recipient: tutor.user.id, content: 'hi' });
      expect(ack.message).toMatchObject({ sender: student.user.id, senderRole: 'student', senderModel: 'Student' });
      expect((await rows(ack._id))[0]!.senderId).toBe(student.user.id);
    });

    it('refuses a recipient who is not a contact, and saves nothing', async () => {
      const { student } = await pair();
      const stranger = await createAccount(app, { role: 'tutor' });
      const socket = await connect(origin, student.token);
      const ack = await send(socket, { recipient: stranger.user.id, content: 'hello stranger' });
      expect(ack).toEqual({ ok: false, code: 'CHAT_NOT_A_CONTACT', message: 'You can only message your own students and tutors.' });
      const stored = await db(app).select().from(chatMessages).where(eq(chatMessages.senderId, student.user.id));
      expect(stored).toEqual([]);
    });

    it('stops being a contact when the essay behind the conversation is closed', async () => {
      const { student, tutor, essayId } = await pair();
      await chat.closeConversationContext({ kind: 'essay', id: essayId });
      const socket = await connect(origin, student.token);
      expect(await send(socket, { recipient: tutor.user.id, content: 'still there?' })).toMatchObject({ ok: false, code: 'CHAT_NOT_A_CONTACT' });
    });

    it('lets a tutor without verified DBS write only in the thread of an essay they hold', async () => {
      const { student, tutor, essayId } = await pair({ dbs: false });
      const tutorTab = await connect(origin, tutor.token);
      expect(await send(tutorTab, { recipient: student.user.id, content: 'hi' })).toMatchObject({ ok: false, code: 'CHAT_DBS_REQUIRED' });
      expect(await send(tutorTab, { recipient: student.user.id, content: 'hi', essayId: randomUUID() })).toMatchObject({ ok: false, code: 'CHAT_DBS_REQUIRED' });
      const ok = await send(tutorTab, { recipient: student.user.id, content: 'About your essay', essayId });
      expect(ok).toMatchObject({ ok: true, message: { essayId, senderRole: 'tutor', senderModel: 'Tutor' } });
      // The student is not limited.
      const studentTab = await connect(origin, student.token);
      expect(await send(studentTab, { recipient: tutor.user.id, content: 'Thanks' })).toMatchObject({ ok: true });
    });

    it('validates the content: trimmed, not blank, at most 2,000 characters', async () => {
      const { student, tutor } = await pair();
      const socket = await connect(origin, student.token);
      for (const content of ['', '   \n\t ', 'x'.repeat(2001), 42]) {
        expect(await send(socket, { recipient: tutor.user.id, content })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      }
      expect(await send(socket, { recipient: tutor.user.id, content: `  ${'x'.repeat(2000)}  ` })).toMatchObject({ ok: true });
      expect(await send(socket, { content: 'no recipient' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    });

    it('answers with an error event when the client gave no acknowledgement callback', async () => {
      const { student } = await pair();
      const socket = await connect(origin, student.token);
      const error = next(socket, 'error');
      socket.emit('sendMessage', { recipient: randomUUID(), content: 'hi' });
      expect(await error).toEqual({ message: 'You can only message your own students and tutors.', code: 'CHAT_NOT_A_CONTACT' });
    });

    it('limits each user to CHAT_SEND_LIMIT messages (20 in 10 s), answering the excess with an error event', async () => {
      const { student, tutor } = await pair();
      const socket = await connect(origin, student.token);
      const errors = collect(socket, 'error');
      const firstRefusal = next(socket, 'error');
      for (let i = 0; i < 60; i += 1) socket.emit('sendMessage', { recipient: tutor.user.id, content: `message ${i}` });
      expect(await firstRefusal).toEqual({ message: 'You are sending messages too quickly. Please slow down.', code: 'RATE_LIMITED' });
      expect(errors.length).toBeGreaterThan(0);
    });
  });

  describe('safeguarding', () => {
    it('masks contact details before storing and showing, and flags the message for the admins', async () => {
      const { student, tutor } = await pair();
      const admin = await createAccount(app, { role: 'admin' });
      const socket = await connect(origin, student.token);
      const tutorTab = await connect(origin, tutor.token);
      const delivered = next(tutorTab, 'receiveMessage');
      const ack = await send(socket, { recipient: tutor.user.id, content: 'text me on 07700 900123 or sam@gmail.com, essay is 2,000 words' });
      const expected = 'text me on [hidden] or [hidden], essay is 2,000 words';
      expect(ack.message).toMatchObject({ content: expected, masked: ['phone', 'email'] });
      expect((await delivered).content).toBe(expected);
      expect((await rows(ack._id))[0]).toMatchObject({ content: expected, flags: ['phone', 'email'] });
      const moderation = await request(app.getHttpServer()).get('/api/admin/chat/moderation?limit=100').set(bearer(admin.token)).expect(200);
      expect(moderation.body.flaggedMessages).toEqual(expect.arrayContaining([expect.objectContaining({ _id: ack._id, studentId: student.user.id, tutorId: tutor.user.id })]));
    });

    it('lets either side report the conversation with a reason', async () => {
      const { student, tutor } = await pair();
      const admin = await createAccount(app, { role: 'admin' });
      const http = () => request(app.getHttpServer());
      const missing = await http().post(`/api/student/chats/${tutor.user.id}/report`).set(bearer(student.token)).send({ reason: '  ' }).expect(400);
      expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please give a reason' });
      await http().post(`/api/student/chats/${tutor.user.id}/report`).set(bearer(student.token)).send({ reason: 'Asked for my number' }).expect(201);
      await http().post(`/api/tutor/chats/${student.user.id}/report`).set(bearer(tutor.token)).send({ reason: 'Rude messages' }).expect(201);
      const stranger = await createAccount(app, { role: 'tutor' });
      const refused = await http().post(`/api/tutor/chats/${student.user.id}/report`).set(bearer(stranger.token)).send({ reason: 'Nosy' }).expect(403);
      expect(refused.body.code).toBe('CHAT_NOT_A_CONTACT');
      const { body } = await http().get('/api/admin/chat/moderation?limit=100').set(bearer(admin.token)).expect(200);
      const mine = body.reports.filter((report: { studentId: string }) => report.studentId === student.user.id);
      expect(mine.map((report: { reason: string; reporter: string }) => [report.reporter, report.reason]).sort()).toEqual(
        [[student.user.id, 'Asked for my number'], [tutor.user.id, 'Rude messages']].sort(),
      );
    });

    it('lets a student block a tutor: no messages either way until unblocked', async () => {
      const { student, tutor } = await pair();
      const admin = await createAccount(app, { role: 'admin' });
      const http = () => request(app.getHttpServer());
      const studentTab = await connect(origin, student.token);
      const tutorTab = await connect(origin, tutor.token);
      await http().post(`/api/student/chats/${tutor.user.id}/block`).set(bearer(student.token)).expect(200);
      expect(await send(studentTab, { recipient: tutor.user.id, content: 'hi' })).toMatchObject({ ok: false, code: 'CHAT_BLOCKED' });
      expect(await send(tutorTab, { recipient: student.user.id, content: 'hi' })).toMatchObject({ ok: false, code: 'CHAT_BLOCKED' });
      const contacts = await http().get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
      expect(contacts.body.tutors[0]).toMatchObject({ _id: tutor.user.id, blocked: true });
      const { body } = await http().get('/api/admin/chat/moderation?limit=100').set(bearer(admin.token)).expect(200);
      expect(body.blocks).toEqual(expect.arrayContaining([expect.objectContaining({ studentId: student.user.id, tutorId: tutor.user.id })]));
      await http().delete(`/api/student/chats/${tutor.user.id}/block`).set(bearer(student.token)).expect(200);
      expect(await send(tutorTab, { recipient: student.user.id, content: 'hi again' })).toMatchObject({ ok: true });
    });
  });

  describe('HTTP contacts and history', () => {
    it('lists contacts on each side with the last message, unread count and online state', async () => {
      const { student, tutor } = await pair();
      const outsider = await createAccount(app, { role: 'tutor' });
      const tutorTab = await connect(origin, tutor.token);
      for (const content of ['one', 'two', 'three']) await send(tutorTab, { recipient: student.user.id, content });

      const { body } = await request(app.getHttpServer()).get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
      expect(body.tutors).toEqual([
        {
          _id: tutor.user.id,
          name: tutor.user.name,
          profilePicture: null,
          lastMessage: expect.objectContaining({ content: 'three', sender: tutor.user.id }),
          unreadCount: 3,
          online: true,
          blocked: false,
        },
      ]);
      expect(body.tutors.map((t: { _id: string }) => t._id)).not.toContain(outsider.user.id);
      const tutorSide = await request(app.getHttpServer()).get('/api/tutor/getAllContactsForTutor').set(bearer(tutor.token)).expect(200);
      expect(tutorSide.body.students).toEqual([expect.objectContaining({ _id: student.user.id, unreadCount: 0, online: false })]);
    });

    it('pages long threads backwards, oldest first within a page', async () => {
      const { student, tutor } = await pair();
      const sent: string[] = [];
      for (let i = 0; i < 120; i += 1) {
        const from = i % 2 ? { id: tutor.user.id, role: 'tutor' as const } : { id: student.user.id, role: 'student' as const };
        sent.push((await chat.sendMessage(from, { recipient: i % 2 ? student.user.id : tutor.user.id, content: `m${i}` }))._id);
      }
      const page = (query: string) => request(app.getHttpServer()).get(`/api/student/messages/${tutor.user.id}${query}`).set(bearer(student.token)).expect(200);
      const first = (await page('?limit=50')).body;
      expect(first.hasMore).toBe(true);
      expect(first.messages.map((m: { _id: string }) => m._id)).toEqual(sent.slice(70));
      const second = (await page(`?limit=50&before=${first.messages[0]._id}`)).body;
      expect(second.messages.map((m: { _id: string }) => m._id)).toEqual(sent.slice(20, 70));
      const third = (await page(`?limit=50&before=${second.messages[0]._id}`)).body;
      expect(third).toEqual({ messages: expect.any(Array), hasMore: false });
      expect(third.messages.map((m: { _id: string }) => m._id)).toEqual(sent.slice(0, 20));
      const fromTutor = await request(app.getHttpServer()).get(`/api/tutor/messages/${student.user.id}`).set(bearer(tutor.token)).expect(200);
      expect(fromTutor.body.messages).toHaveLength(50);
      await request(app.getHttpServer()).get(`/api/student/messages/${tutor.user.id}?limit=101`).set(bearer(student.token)).expect(400);
    });

    it('lets only the two participants read a thread', async () => {
      const { student, tutor } = await pair();
      const otherStudent = await createAccount(app, { role: 'student', studentProfile: true });
      const otherTutor = await createAccount(app, { role: 'tutor' });
      await chat.sendMessage({ id: student.user.id, role: 'student' }, { recipient: tutor.user.id, content: 'private' });
      for (const [path, token] of [
        [`/api/student/messages/${tutor.user.id}`, otherStudent.token],
        [`/api/tutor/messages/${student.user.id}`, otherTutor.token],
      ] as const) {
        const response = await request(app.getHttpServer()).get(path).set(bearer(token)).expect(403);
        expect(response.body).toEqual({ message: 'You can only message your own students and tutors.', code: 'CHAT_NOT_A_CONTACT' });
      }
    });
  });

  describe('presence and read receipts', () => {
    it('announces online when the first socket connects and offline when the last one drops', async () => {
      const { student, tutor } = await pair();
      const studentTab = await connect(origin, student.token);
      const online = next(studentTab, 'presence', (p) => p.userId === tutor.user.id);
      const tab1 = await connect(origin, tutor.token);
      expect(await online).toEqual({ userId: tutor.user.id, online: true });
      const tab2 = await connect(origin, tutor.token);
      const presence = collect<{ userId: string; online: boolean }>(studentTab, 'presence');
      tab1.close();
      // One tab left: the tutor is still online, on HTTP too.
      const contacts = async () => (await request(app.getHttpServer()).get('/api/student/getAllContacts').set(bearer(student.token)).expect(200)).body.tutors[0].online;
      expect(await contacts()).toBe(true);
      const offline = next(studentTab, 'presence', (p) => !p.online);
      tab2.close();
      expect(await offline).toEqual({ userId: tutor.user.id, online: false });
      expect(presence.filter((p) => !p.online)).toHaveLength(1);
      expect(await contacts()).toBe(false);
    });

    it('marks a thread read and tells the other side live', async () => {
      const { student, tutor } = await pair();
      const tutorTab = await connect(origin, tutor.token);
      const studentTab = await connect(origin, student.token);
      await send(tutorTab, { recipient: student.user.id, content: 'first' });
      await send(tutorTab, { recipient: student.user.id, content: 'second' });
      const unread = async () => (await request(app.getHttpServer()).get('/api/student/getAllContacts').set(bearer(student.token)).expect(200)).body.tutors[0].unreadCount;
      expect(await unread()).toBe(2);
      const receipt = next(tutorTab, 'messagesRead');
      const ack = await send(studentTab, { contactId: tutor.user.id }, 'markRead');
      expect(ack).toMatchObject({ ok: true, contactId: tutor.user.id, readAt: expect.any(String) });
      expect(await receipt).toEqual({ readerId: student.user.id, contactId: tutor.user.id, readAt: ack.readAt });
      expect(await unread()).toBe(0);
      expect(await send(studentTab, { contactId: randomUUID() }, 'markRead')).toMatchObject({ ok: false, code: 'CHAT_NOT_A_CONTACT' });
    });
  });

  describe('bans', () => {
    it('disconnects an open socket at once and refuses reconnection', async () => {
      const { student } = await pair();
      const socket = await connect(origin, student.token);
      const dropped = next(socket, 'disconnect');
      await setBanned(app, student.user.id, true);
      chat.disconnectUser(student.user.id);
      expect(await dropped).toBe('io server disconnect');
      expect(await refusal(origin, student.token)).toMatchObject({ code: 'ACCOUNT_BANNED' });
    });

    it('refuses the next event of a banned user whose socket is still open, and closes it', async () => {
      const { student, tutor } = await pair();
      const socket = await connect(origin, student.token);
      await setBanned(app, student.user.id, true);
      const dropped = next(socket, 'disconnect');
      expect(await send(socket, { recipient: tutor.user.id, content: 'hi' })).toEqual({ ok: false, code: 'ACCOUNT_BANNED', message: 'Your account has been banned.' });
      await dropped;
      expect(await db(app).select().from(chatMessages).where(eq(chatMessages.senderId, student.user.id))).toEqual([]);
    });
  });
});
