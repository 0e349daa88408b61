/* eslint-disable @typescript-eslint/no-explicit-any -- a sent payload is whatever the app emitted; each test asserts on its fields */
import { act, waitFor } from '@testing-library/react';
import type { AckCallback, ChatSocket, SocketListener } from '../lib/chat-socket';

/** One `emit` the app made: the event, its payload, and the ack callback when it asked for an answer. */
export interface SentEvent {
  event: string;
  payload: any;
  ack?: AckCallback;
  /** The `timeout(ms)` the ack was given, if any. */
  timeoutMs?: number;
}

/**
 * The chat socket in component tests: implements the app's `ChatSocket` (lib/chat-socket.ts), opens no
 * connection, and lets a test play the server. setup.ts makes `connectChatSocket` return one of these, so the
 * `ChatSocketProvider` of any rendered tree (the dashboard layout's included) gets a double; a test takes it with
 * `await chatSocket()`. Methods named `server…` act as the server would, inside React's `act`.
 */
export class ChatSocketDouble implements ChatSocket {
  connected = false;
  /** Everything the app emitted, oldest first. */
  readonly sent: SentEvent[] = [];
  connectCalls = 0;
  disconnectCalls = 0;
  private readonly listeners = new Map<string, Set<SocketListener>>();
  private readonly gaveUpListeners = new Set<() => void>();

  constructor(readonly token: string) {}

  readonly io = {
    on: (_event: 'reconnect_failed', listener: () => void) => this.gaveUpListeners.add(listener),
    off: (_event: 'reconnect_failed', listener: () => void) => this.gaveUpListeners.delete(listener),
  };

  on(event: string, listener: SocketListener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: SocketListener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as AckCallback) : undefined;
    this.sent.push({ event, payload: args[0], ack });
    return this;
  }

  timeout(ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: AckCallback) => {
        this.sent.push({ event, payload, ack, timeoutMs: ms });
        return this;
      },
    };
  }

  connect() {
    this.connectCalls += 1;
    return this;
  }

  disconnect() {
    this.disconnectCalls += 1;
    this.connected = false;
    return this;
  }

  /** How many listeners the app holds for `event` (a page that unmounts must let go of its own). */
  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** What the app emitted as `event`, oldest first. */
  sentOf(event: string): SentEvent[] {
    return this.sent.filter((s) => s.event === event);
  }

  // ── the server's side ──────────────────────────────────────────────────────────────────────────────────

  /** The handshake succeeds (again, after a drop): `connect`. */
  serverAccepts(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The connection drops (socket.io will try again): `disconnect`. */
  serverDrops(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  /** The handshake is refused (expired token, ban): `connect_error` with the server's message. */
  serverRefuses(message: string): void {
    this.connected = false;
    this.fire('connect_error', new Error(message));
  }

  /** socket.io used up its reconnection attempts: the manager's `reconnect_failed`. */
  reconnectionGivesUp(): void {
    act(() => {
      for (const listener of [...this.gaveUpListeners]) listener();
    });
  }

  /** A server event (`receiveMessage`, `presence`, `messagesRead`, `error`) reaches the app. */
  serverEmits(event: string, payload?: unknown): void {
    this.fire(event, payload);
  }

  /** The server answers an emit that asked for an acknowledgement. */
  async serverAnswers(sent: SentEvent, answer: unknown): Promise<void> {
    if (!sent.ack) throw new Error(`the app sent ${sent.event} without asking for an answer`);
    await act(async () => sent.ack!(null, answer));
  }

  /** No answer in time: socket.io calls the ack with its timeout error. */
  async answerTimesOut(sent: SentEvent): Promise<void> {
    if (!sent.ack) throw new Error(`the app sent ${sent.event} without asking for an answer`);
    await act(async () => sent.ack!(new Error('operation has timed out')));
  }

  private fire(event: string, payload?: unknown): void {
    act(() => {
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
    });
  }
}

const created: ChatSocketDouble[] = [];

/** What setup.ts's `connectChatSocket` returns. */
export function createChatSocketDouble(token: string): ChatSocketDouble {
  const socket = new ChatSocketDouble(token);
  created.push(socket);
  return socket;
}

/** Every double the current test's providers created (one per signed-in session: one is the rule). */
export function chatSocketsCreated(): readonly ChatSocketDouble[] {
  return created;
}

/** The socket the rendered tree opened, once its provider has made it (the library loads asynchronously). */
export async function chatSocket(): Promise<ChatSocketDouble> {
  await waitFor(() => {
    if (created.length === 0) throw new Error('no chat socket was opened: does the page use the ChatSocketProvider?');
  });
  return created[created.length - 1]!;
}

/** Forgets the doubles of the test that ended (setup.ts, after each test). */
export function forgetChatSockets(): void {
  created.length = 0;
}
