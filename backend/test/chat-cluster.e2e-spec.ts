// Two API instances sharing Redis (socket.io Redis adapter): delivery, presence and bans cross instances.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { ChatRealtime } from '../src/modules/chat/chat-realtime.service.js';
import { ChatService } from '../src/modules/chat/chat.service.js';
import { bearer, setBanned } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { sessionChatPair } from './support/chat-pairs.js';
import { closeAll, connect, listen, next, refusal, send } from './support/chat-sockets.js';

describe('chat across two API instances', () => {
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let originA: string;
  let originB: string;

  const pair = () => sessionChatPair(a);

  beforeAll(async () => {
    ({ app: a } = await bootApp());
    ({ app: b } = await bootApp({ WORKERS: 'off' }));
    originA = await listen(a);
    originB = await listen(b);
    expect(originA).not.toBe(originB);
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await a?.close();
    await b?.close();
  });

  it('delivers a message sent through instance A to a client on instance B, both ways', async () => {
    const { student, tutor } = await pair();
    const studentOnA = await connect(originA, student.token);
    const tutorOnB = await connect(originB, tutor.token);
    const arrived = next(tutorOnB, 'receiveMessage');
    const ack = await send(studentOnA, { recipient: tutor.user.id, content: 'across instances' });
    expect(await arrived).toMatchObject({ _id: ack._id, content: 'across instances', sender: student.user.id });
    const back = next(studentOnA, 'receiveMessage', (m) => m.sender === tutor.user.id);
    expect(await send(tutorOnB, { recipient: student.user.id, content: 'received' })).toMatchObject({ ok: true });
    expect((await back).content).toBe('received');
  });

  it('keeps presence right across instances', async () => {
    const { student, tutor } = await pair();
    const studentOnA = await connect(originA, student.token);
    const online = next(studentOnA, 'presence', (p) => p.userId === tutor.user.id && p.online);
    const tutorOnB = await connect(originB, tutor.token);
    await online;
    const contactsOnA = await request(a.getHttpServer()).get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
    expect(contactsOnA.body.tutors[0]).toMatchObject({ _id: tutor.user.id, online: true });
    // A second tab on A: closing the one on B leaves the tutor online.
    const tutorOnA = await connect(originA, tutor.token);
    tutorOnB.close();
    const stillOnline = await request(b.getHttpServer()).get('/api/student/getAllContacts').set(bearer(student.token)).expect(200);
    expect(stillOnline.body.tutors[0].online).toBe(true);
    const offline = next(studentOnA, 'presence', (p) => p.userId === tutor.user.id && !p.online);
    tutorOnA.close();
    await offline;
  });

  it('knows a user on instance B is online without asking B on each send, and learns when they leave', async () => {
    const { student, tutor } = await pair();
    const studentOnA = await connect(originA, student.token);
    const online = next(studentOnA, 'presence', (p) => p.userId === tutor.user.id && p.online);
    const tutorOnB = await connect(originB, tutor.token);
    // B announced the tutor's room before this presence event (one Redis connection keeps the order).
    await online;
    const realtimeA = a.get(ChatRealtime);
    const askedTheCluster = jest.spyOn(realtimeA, 'onlineAmong');
    try {
      const arrived = next(tutorOnB, 'receiveMessage');
      expect(await send(studentOnA, { recipient: tutor.user.id, content: 'no round trip' })).toMatchObject({ ok: true });
      await arrived;
      expect(askedTheCluster).not.toHaveBeenCalled();
      const offline = next(studentOnA, 'presence', (p) => p.userId === tutor.user.id && !p.online);
      tutorOnB.close();
      await offline;
      expect(await realtimeA.isOnline(tutor.user.id)).toBe(false);
    } finally {
      askedTheCluster.mockRestore();
    }
  });

  it('a ban on instance A disconnects the user’s socket on instance B', async () => {
    const { student } = await pair();
    const onB = await connect(originB, student.token);
    const dropped = next(onB, 'disconnect');
    await setBanned(a, student.user.id, true);
    a.get(ChatService).disconnectUser(student.user.id);
    expect(await dropped).toBe('io server disconnect');
    expect(await refusal(originB, student.token)).toMatchObject({ code: 'ACCOUNT_BANNED' });
  });
});
