// The only file that imports socket.io-client: it is reached from the chat pages and the tutor's word-count
// discussion alone, so the library lands in their chunks and no other page downloads it. Component tests replace
// it with a silent fake (test/setup.ts); a test that needs events passes or mocks its own.
import { CHAT_SOCKET_PATH, type ChatClientEvents, type ChatServerEvents } from '@redpen/shared/chat-events';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** Spec part 2 §9: timeout 20 s, 5 reconnection attempts 1 s apart. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: CHAT_SOCKET_PATH,
  transports: ['polling', 'websocket'],
  timeout: 20_000,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 1000,
  randomizationFactor: 0,
};

/** Typed by the chat's event contract (shared/src/chat-events.ts), which the API's gateway implements. */
export type ChatSocket = Pick<Socket<ChatServerEvents, ChatClientEvents>, 'on' | 'off' | 'emit' | 'connect' | 'disconnect' | 'connected' | 'timeout'> & {
  io: Pick<Socket['io'], 'on' | 'off'>;
};

export function connectChatSocket(token: string): ChatSocket {
  return io({ ...SOCKET_OPTIONS, auth: { token } });
}
