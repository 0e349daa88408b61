import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, unwrap } from '../api/client';
import { NETWORK_BLOCKED, failOnNetworkAttempts, takeNetworkAttempts } from './network-guard';

// The setup file (setup.ts) installs the guard for every test file; these prove it refuses each way out, against a
// server that is really listening, and that a refusal the app swallows still fails the test.
let server: Server;
let origin: string;
let requestsSeen = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requestsSeen += 1;
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  // Nothing got through: the server never saw a request.
  expect(requestsSeen).toBe(0);
});

/** The attempts the guard recorded in this test, taken so the shared after-each does not fail the test. */
const attempts = () => takeNetworkAttempts();

describe('component tests and the network', () => {
  it('fetch is refused at once, with the message saying what to do', async () => {
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow(NETWORK_BLOCKED);
    expect(attempts()).toEqual([`${NETWORK_BLOCKED} (fetch ${origin}/api/health)`]);
  });

  it('the app’s API client fails fast instead of waiting on a server', async () => {
    await expect(unwrap(api.GET('/api/auth/me'))).rejects.toMatchObject({ status: 0, message: expect.stringContaining(NETWORK_BLOCKED) });
    expect(attempts()).toHaveLength(1);
  });

  it('XMLHttpRequest, WebSocket and EventSource are refused', () => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${origin}/api/tutor/markEssay`);
    expect(() => xhr.send(new FormData())).toThrow(NETWORK_BLOCKED);
    expect(() => new WebSocket(`ws://127.0.0.1:${new URL(origin).port}/api/socket.io`)).toThrow(NETWORK_BLOCKED);
    if ('EventSource' in globalThis) expect(() => new EventSource(`${origin}/events`)).toThrow(NETWORK_BLOCKED);
    expect(attempts()[0]).toContain(`XMLHttpRequest POST ${origin}/api/tutor/markEssay`);
  });

  it('socket.io-client opens nothing, and neither does the app’s real chat socket', async () => {
    expect(() => io(origin, { path: '/api/socket.io' })).toThrow(NETWORK_BLOCKED);
    const real = await vi.importActual<typeof import('../lib/chat-socket')>('../lib/chat-socket');
    expect(() => real.connectChatSocket('token')).toThrow(NETWORK_BLOCKED);
    expect(attempts()).toHaveLength(2);
  });

  it('a refusal the app swallowed (an error state on screen) still fails the test in the shared after-each', async () => {
    // What the app does with a failed request: catches it and shows an error. The test would pass on its own…
    const shown = await fetch(`${origin}/api/student/essays`).then(
      () => 'essays',
      () => 'Failed to load essays',
    );
    expect(shown).toBe('Failed to load essays');
    // …so setup.ts's after-each calls this, which throws, and the test fails with the message.
    expect(() => failOnNetworkAttempts()).toThrow(`${NETWORK_BLOCKED} (fetch ${origin}/api/student/essays)`);
    // Taken by that call: the after-each now finds nothing, and nothing is left for the next test.
    expect(() => failOnNetworkAttempts()).not.toThrow();
  });

  // `it.fails` passes only if the test fails: here the body passes, and the shared after-each (setup.ts) fails it.
  it.fails('a test whose page tried the network fails even though its own assertions pass', async () => {
    const shown = await fetch(`${origin}/api/student/getDashboard`).then(
      () => 'dashboard',
      () => 'Failed to load the dashboard',
    );
    expect(shown).toBe('Failed to load the dashboard');
  });

  it('a stubbed API is what tests use instead (stubApi over the guard), and the guard is back after the test', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
    expect((await fetch(`${origin}/anything`)).status).toBe(200);
    vi.unstubAllGlobals();
    await expect(fetch(`${origin}/anything`)).rejects.toThrow(NETWORK_BLOCKED);
    expect(attempts()).toHaveLength(1);
  });
});
