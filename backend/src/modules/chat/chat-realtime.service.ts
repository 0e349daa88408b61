import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { ChatClientEvents, ChatServerEvents } from '@redpen/shared/chat-events';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { UUID } from '../../common/uuid.js';
import { Metrics } from '../../infra/metrics/metrics.service.js';
import type { ChatMessageDto } from './dto/chat.dto.js';
import { ClusterPresence, type PresenceEvents } from './chat-presence.js';

/**
 * The Redis adapter's close() unsubscribes without handling the answer. With Redis down at shutdown, the
 * answer is "Connection is closed" once we disconnect, and an unhandled rejection can end a Node process:
 * so those calls' failures are handled here (there is nothing left to do about them).
 */
function settleQuietly(client: Redis, commands: readonly ('punsubscribe' | 'unsubscribe' | 'publish')[]): void {
  for (const name of commands) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      [name]: (...args: unknown[]) => {
        const answer = original(...args);
        answer.catch(() => undefined);
        return answer;
      },
    });
  }
}

/**
 * The Redis adapter every socket.io server of the platform shares (API instances, and a worker's headless server).
 * Pub/sub ignores Redis database numbers, so the channel names carry it.
 */
export function socketAdapterFor(redisUrl: string): { pub: Redis; sub: Redis; adapter: ReturnType<typeof createAdapter> } {
  const db = new URL(redisUrl).pathname.slice(1) || '0';
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  settleQuietly(sub, ['punsubscribe', 'unsubscribe']);
  // The adapter publishes without handling the answer either (presence announcements go out as sockets close at shutdown).
  settleQuietly(pub, ['publish']);
  return { pub, sub, adapter: createAdapter(pub, sub, { key: `redpen:socket.io:${db}`, requestsTimeout: 3000 }) };
}

/** The room every socket of a session joins, so a revocation can close exactly that session's sockets. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/** Socket data set by the handshake (chat.gateway.ts). */
export interface ChatSocketData {
  userId: string;
  sessionId: string;
  role: 'student' | 'tutor' | 'admin';
}

/** The socket.io server typed by the chat's event contract (shared/src/chat-events.ts), as the web client's socket is. */
export type ChatServer = Server<ChatClientEvents, ChatServerEvents, PresenceEvents, ChatSocketData>;

/** A user's room is their id; a socket's own room (its id) and a session's (`session:<id>`) are not. */
const isUserRoom = (room: string): boolean => UUID.test(room);

/**
 * The socket.io server as the rest of the module reaches it: emits to users' rooms and asks who is online.
 * Every call goes through the Redis adapter, so it covers the sockets of every API instance.
 *
 * A process without the gateway (the worker process; the jobs' timers run there when the API has WORKERS=off) has
 * no sockets of its own, yet its events must still reach open pages (a discussion expiring, a payout
 * coming due) and its revocations close sockets. It gets a socket.io server that listens nowhere, made
 * on first use: its Redis adapter carries the emits, the "who is online" questions and the disconnects to every
 * API instance, as one API instance's do to the others.
 */
@Injectable()
export class ChatRealtime implements OnApplicationShutdown {
  private attached: ChatServer | undefined;
  /** Who is online on the other API instances (an API process only). */
  private presence: ClusterPresence | undefined;
  private headless: { server: ChatServer; pub: Redis; sub: Redis } | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  attach(server: ChatServer): void {
    this.attached = server;
    this.presence = new ClusterPresence(server, isUserRoom);
    this.presence.start();
    // This instance's open sockets, for the metrics.
    this.metrics.trackOpenSockets(() => server.sockets.sockets.size);
  }

  /** The gateway's server in an API process, else the headless one. */
  private get server(): ChatServer {
    if (this.attached) return this.attached;
    if (!this.headless) {
      const { pub, sub, adapter } = socketAdapterFor(this.config.redis.url);
      const server: ChatServer = new Server({ serveClient: false });
      server.adapter(adapter);
      this.headless = { server, pub, sub };
    }
    return this.headless.server;
  }

  async onApplicationShutdown(): Promise<void> {
    this.presence?.stop();
    const headless = this.headless;
    this.headless = undefined;
    if (!headless) return;
    headless.server.of('/').adapter.close();
    await Promise.allSettled([headless.pub.quit(), headless.sub.quit()]);
  }

  emitMessage(message: ChatMessageDto): void {
    this.server.to([message.sender, message.recipient]).emit('receiveMessage', message);
    this.metrics.chatDeliveries.inc();
  }

  emitTo<E extends keyof ChatServerEvents>(userIds: string[], event: E, ...payload: Parameters<ChatServerEvents[E]>): void {
    if (userIds.length) this.server.to(userIds).emit(event, ...payload);
  }

  /** Which of `userIds` have at least one socket open on any instance (one request across the adapter). */
  async onlineAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const sockets = await this.server.in(userIds).fetchSockets();
    return new Set(sockets.map((socket) => (socket.data as ChatSocketData).userId));
  }

  /**
   * Whether the user has a socket open anywhere: every chat message asks it (a message to someone away is emailed
   * later). A socket on this instance answers at once (its room in the local adapter), and so does one on another
   * instance that told this one (ClusterPresence); only otherwise are the other instances asked (a round trip through
   * Redis that waits for every instance): a user away, or one whose socket opened a moment ago.
   */
  async isOnline(userId: string): Promise<boolean> {
    if ((this.attached?.sockets.adapter.rooms.get(userId)?.size ?? 0) > 0) return true;
    if (this.presence?.onlineElsewhere(userId)) return true;
    return (await this.onlineAmong([userId])).has(userId);
  }

  /** Closes every socket of the user on every instance (a ban). */
  disconnectUser(userId: string): void {
    this.server.in(userId).disconnectSockets(true);
  }

  /** Closes the sockets of these sessions on every instance (a revocation). */
  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length) this.server.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }
}
