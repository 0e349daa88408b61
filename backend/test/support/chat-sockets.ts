/* eslint-disable @typescript-eslint/no-explicit-any -- socket payloads in tests are whatever the server sent; each test asserts on their fields */
// socket.io clients for the chat end-to-end tests, connecting exactly as the web app does.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { io, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';

export type ClientSocket = Socket;

/** Starts the app on a free port (the gateway needs a listening server) and returns its origin. */
export async function listen(app: NestFastifyApplication): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function client(origin: string, options: { token?: string; header?: string; polling?: boolean }): Socket {
  return io(origin, {
    path: '/api/socket.io',
    auth: options.token !== undefined ? { token: options.token } : {},
    extraHeaders: options.header ? { Authorization: options.header } : undefined,
    transports: options.polling ? ['polling', 'websocket'] : ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10000,
  });
}

const open: Socket[] = [];

/** A connected socket (rejects with the server's refusal). */
export function connect(origin: string, token: string, options: { header?: boolean; polling?: boolean } = {}): Promise<Socket> {
  const socket = client(origin, options.header ? { header: `Bearer ${token}`, polling: options.polling } : { token, polling: options.polling });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The refusal a handshake gets: the `connect_error` message and code. */
export function refusal(origin: string, token: string | undefined): Promise<{ message: string; code?: string }> {
  const socket = client(origin, { token });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but should have been refused')));
    socket.once('connect_error', (error: Error & { data?: { code?: string } }) => resolve({ message: error.message, code: error.data?.code }));
  });
}

/** The next `event` on `socket` that matches, or a rejection after `ms`. */
export function next<T = any>(socket: Socket, event: string, match: (payload: T) => boolean = () => true, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/** Collects every `event` from now on (to assert something did NOT arrive, after a round trip that would have carried it). */
export function collect<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export function send(socket: Socket, payload: Record<string, unknown>, event = 'sendMessage'): Promise<any> {
  return socket.timeout(8000).emitWithAck(event, payload);
}

export function closeAll(): void {
  for (const socket of open.splice(0)) socket.close();
}
