// A worker process has no socket server, yet what its jobs do must reach open pages (a discussion that
// expires, a payout coming due) and its revocations must close sockets. Its ChatRealtime reaches the API
// instances' sockets through the shared Redis adapter: checked here with an API instance and a worker process.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ChatRealtime } from '../src/modules/chat/chat-realtime.service.js';
import { createWorker } from '../src/worker.factory.js';
import { createAccount } from './support/accounts.js';
import { bootApp } from './support/app.js';
import { closeAll, connect, listen, next } from './support/chat-sockets.js';

describe('pushes and disconnects from a worker process', () => {
  let api: NestFastifyApplication;
  let worker: INestApplicationContext;
  let origin: string;

  beforeAll(async () => {
    const booted = await bootApp({ WORKERS: 'off' });
    api = booted.app;
    origin = await listen(api);
    worker = await createWorker(booted.config, { logger: false });
  });
  afterEach(() => closeAll());
  afterAll(async () => {
    closeAll();
    await worker?.close();
    await api?.close();
  });

  it('an event the worker emits reaches the user’s open socket on the API, and nobody else’s', async () => {
    const student = await createAccount(api, { role: 'student', studentProfile: true });
    const other = await createAccount(api, { role: 'student', studentProfile: true });
    const socket = await connect(origin, student.token);
    const otherSocket = await connect(origin, other.token);
    const essayId = randomUUID();
    const arrived = next(socket, 'essayChanged');
    let otherHeard = false;
    otherSocket.on('essayChanged', () => (otherHeard = true));

    worker.get(ChatRealtime).emitTo([student.user.id], 'essayChanged', { essayId, reason: 'essay.returnedToPool' });

    expect(await arrived).toEqual({ essayId, reason: 'essay.returnedToPool' });
    expect(otherHeard).toBe(false);
  });

  it('the worker knows who has the app open on an API instance', async () => {
    const online = await createAccount(api, { role: 'student', studentProfile: true });
    const away = await createAccount(api, { role: 'student', studentProfile: true });
    await connect(origin, online.token);

    const realtime = worker.get(ChatRealtime);
    expect(await realtime.isOnline(online.user.id)).toBe(true);
    expect(await realtime.isOnline(away.user.id)).toBe(false);
    expect(await realtime.onlineAmong([online.user.id, away.user.id])).toEqual(new Set([online.user.id]));
  });

  it('a disconnect the worker asks for closes the user’s sockets on the API', async () => {
    const student = await createAccount(api, { role: 'student', studentProfile: true });
    const socket = await connect(origin, student.token);
    const dropped = next<string>(socket, 'disconnect');

    worker.get(ChatRealtime).disconnectUser(student.user.id);

    expect(await dropped).toBe('io server disconnect');
  });
});
