// The only file that imports socket.io-client. `components/chat/ChatSocketProvider` loads it with a dynamic import
// when a page first needs the socket, so the library lands in a chunk of its own and pages without chat never
// download it. Component tests replace `connectChatSocket` with the socket test double (src/test/setup.ts).
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';

/** Timeout 20 s, 5 reconnection attempts 1 s apart. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/api/socket.io',
  transports: ['polling', 'websocket'],
  timeout: 20_000,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 1000,
  randomizationFactor: 0,
};

/** An acknowledgement callback as socket.io calls it after `timeout(ms)`: an error when no answer came in time. */
export type AckCallback = (error: Error | null, answer?: unknown) => void;
// Server payloads are checked by whoever listens (ChatSocketProvider's typed events), not here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SocketListener = (...args: any[]) => void;

/**
 * What the app uses of a socket.io client socket: a socket.io `Socket` is one, and so is the test double
 * (src/test/chat-socket-double.ts). Keeping it this small is what lets the double be faithful.
 */
export interface ChatSocket {
  readonly connected: boolean;
  on(event: string, listener: SocketListener): unknown;
  off(event: string, listener: SocketListener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  /** `timeout(ms).emit(event, payload, ack)`: the ack gets an error when the server has not answered within `ms`. */
  timeout(ms: number): { emit(event: string, payload: unknown, ack: AckCallback): unknown };
  connect(): unknown;
  disconnect(): unknown;
  /** The manager: `reconnect_failed` once the reconnection attempts are used up. */
  io: { on(event: 'reconnect_failed', listener: () => void): unknown; off(event: 'reconnect_failed', listener: () => void): unknown };
}

export function connectChatSocket(token: string): ChatSocket {
  return io({ ...SOCKET_OPTIONS, auth: { token } });
}
