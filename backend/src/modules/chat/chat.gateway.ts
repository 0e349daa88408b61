import { HttpException, Inject, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { CHAT_SOCKET_PATH, type ChatClientEvents, type ChatEventFailure, type ChatServerEvents, type JoinAck, type MarkReadAck, type SendMessageAck } from '@redpen/shared/chat-events';
import { CHAT_SEND_LIMIT } from '@redpen/shared/chat-rules';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service.js';
import type { ErrorCode } from '@redpen/shared/error-codes';
import { SESSION_ENDED_MESSAGE } from '../auth/auth-tokens.service.js';
import { canJoinRoom } from './chat.access.js';
import { ChatRealtime, sessionRoom, socketAdapterFor, type ChatServer, type ChatSocketData } from './chat-realtime.service.js';
import { ChatService } from './chat.service.js';
import type { PresenceEvents } from './chat-presence.js';
import { SocketAuth, SocketAuthError } from './socket-auth.service.js';

type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, PresenceEvents, ChatSocketData>;

/** An error as a client can show it: `{ message, code }`, like the HTTP error body. */
function toClientError(error: unknown): Omit<ChatEventFailure, 'ok'> {
  if (error instanceof SocketAuthError) return { message: error.message, code: error.code };
  if (error instanceof HttpException) {
    const body = error.getResponse() as { message?: unknown; code?: ErrorCode };
    return { message: typeof body.message === 'string' ? body.message : error.message, ...(body.code ? { code: body.code } : {}) };
  }
  return { message: 'Message could not be sent. Please try again.' };
}

/**
 * The real-time side of chat. Every socket is authenticated at the
 * handshake and joins the room of its own user id; each event re-checks the session and the caller's part in
 * the thread. Events are plain socket.io handlers (not @SubscribeMessage) so an event without an ack
 * callback can be answered with an `error` event instead.
 */
@WebSocketGateway({ path: CHAT_SOCKET_PATH, serveClient: false, pingTimeout: 20000 })
export class ChatGateway implements OnGatewayInit<ChatServer>, OnGatewayConnection<ChatSocket>, OnGatewayDisconnect<ChatSocket>, OnApplicationShutdown {
  private readonly logger = new Logger('ChatGateway');
  private pub?: Redis;
  private sub?: Redis;
  /** Offline announcements still being published: shutdown lets them finish before closing pub/sub. */
  private readonly leaving = new Set<Promise<void>>();
  private server?: ChatServer;
  /** The periodic session re-check of this instance's sockets (the backstop behind the revocation events). */
  private recheckTimer?: NodeJS.Timeout;
  private rechecking?: Promise<number>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly chat: ChatService,
    private readonly realtime: ChatRealtime,
    private readonly auth: SocketAuth,
    private readonly limits: RateLimitService,
  ) {}

  afterInit(server: ChatServer): void {
    // Several API instances share rooms through Redis: a message sent on one reaches sockets on the others.
    const { pub, sub, adapter } = socketAdapterFor(this.config.redis.url);
    this.pub = pub;
    this.sub = sub;
    server.adapter(adapter);
    server.use((socket, next) => {
      this.auth
        .authenticate(SocketAuth.tokenFrom(socket.handshake))
        .then((data) => {
          Object.assign(socket.data, data);
          next();
        })
        .catch((error: unknown) => {
          const { message, code } = toClientError(error);
          next(Object.assign(new Error(message), { data: { code } }));
        });
    });
    this.realtime.attach(server);
    this.server = server;
    this.recheckTimer = setInterval(() => void this.recheckSessions().catch((error: unknown) => this.logger.warn(`session re-check failed: ${(error as Error).message}`)), this.config.chat.sessionRecheckSeconds * 1000);
    this.recheckTimer.unref();
  }

  /**
   * The backstop behind the `auth.sessionsRevoked` event: every `CHAT_SESSION_RECHECK_SECONDS`, the sessions of this
   * instance's sockets are read again (one query per 1,000 sessions) and the sockets of those that ended (revoked,
   * expired, user banned) are told so and closed. Resolves to the number closed; one run at a time.
   */
  recheckSessions(): Promise<number> {
    this.rechecking ??= this.recheckNow().finally(() => (this.rechecking = undefined));
    return this.rechecking;
  }

  private async recheckNow(): Promise<number> {
    const sockets = [...(this.server?.sockets.sockets.values() ?? [])] as ChatSocket[];
    const ids = [...new Set(sockets.map((socket) => socket.data?.sessionId).filter((id): id is string => !!id))];
    const ended = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) for (const id of await this.auth.endedSessions(ids.slice(i, i + 1000))) ended.add(id);
    let closed = 0;
    for (const socket of sockets) {
      if (!socket.data?.sessionId || !ended.has(socket.data.sessionId)) continue;
      socket.emit('error', { message: SESSION_ENDED_MESSAGE, code: 'SESSION_EXPIRED' });
      socket.disconnect(true);
      closed += 1;
    }
    return closed;
  }

  async handleConnection(socket: ChatSocket): Promise<void> {
    const { userId } = socket.data;
    // Listeners first, synchronously: a client may emit the moment it is connected.
    socket.on('join', (room, ack) => this.onJoin(socket, room, ack));
    socket.on('sendMessage', (payload, ack) => void this.onSendMessage(socket, payload, ack));
    socket.on('markRead', (payload, ack) => void this.onMarkRead(socket, payload, ack));
    // The user's room carries their messages; the session's room lets a revocation close exactly this session's sockets.
    await socket.join([userId, sessionRoom(socket.data.sessionId)]);
    // Every (re)connection announces the user online; the clients keep one flag per person, so tabs count once.
    await this.announcePresence(userId, true);
  }

  async handleDisconnect(socket: ChatSocket): Promise<void> {
    const userId = socket.data?.userId;
    if (!userId) return;
    const leaving = (async () => {
      if (!(await this.realtime.isOnline(userId))) await this.announcePresence(userId, false);
    })().catch((error: unknown) => this.logger.warn(`presence on disconnect failed: ${(error as Error).message}`));
    this.leaving.add(leaving);
    await leaving.finally(() => this.leaving.delete(leaving));
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.recheckTimer);
    // Closing the server disconnected every socket; a publish cut off mid-flight would reject unhandled
    // inside the Redis adapter, so wait (briefly: Redis may be the thing that is down) for them first.
    await Promise.race([Promise.all(this.leaving), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    this.pub?.disconnect();
    this.sub?.disconnect();
  }

  // Payloads are typed by the contract but checked as unknown: a client may send anything.
  private onJoin(socket: ChatSocket, room: unknown, ack?: (answer: JoinAck) => void): void {
    const requested = typeof room === 'object' && room !== null ? (room as { userId?: unknown }).userId : room;
    if (canJoinRoom({ id: socket.data.userId }, requested)) return ack?.({ ok: true });
    this.fail(socket, ack, { message: 'You can only join your own room.', code: 'FORBIDDEN' });
  }

  private async onSendMessage(socket: ChatSocket, payload: unknown, ack?: (answer: SendMessageAck) => void): Promise<void> {
    try {
      const body = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
      const { userId } = socket.data;
      // The session check, the repeat lookup and the send limit go out together (one wait, not three in a row). The
      // limit is one count per user over every socket (and the essay discussion's HTTP route), kept in Redis for every
      // instance. A repeat of a send already saved (same client id) is answered with that message and not counted:
      // its count is given back.
      const [caller, earlier, allowed] = await Promise.all([this.auth.recheck(socket.data), this.chat.findSent(userId, body.clientId), this.mayBeSent(userId)]);
      if (earlier && allowed) void this.limits.refundWrite(CHAT_SEND_LIMIT, userId);
      if (!earlier && !allowed) return this.fail(socket, ack, { message: 'You are sending messages too quickly. Please slow down.', code: 'RATE_LIMITED' });
      // The spec's client also sends `sender` and `senderRole`: ignored, the token decides who is writing.
      const message =
        earlier ??
        (await this.chat.sendMessage(
          { id: caller.userId, role: caller.role },
          { recipient: body.recipient, content: body.content, essayId: body.essayId, clientId: body.clientId },
          { repeatChecked: true },
        ));
      ack?.({ ok: true, _id: message._id, timestamp: message.timestamp, message });
    } catch (error) {
      this.fail(socket, ack, toClientError(error), error);
    }
  }

  private async onMarkRead(socket: ChatSocket, payload: unknown, ack?: (answer: MarkReadAck) => void): Promise<void> {
    try {
      const caller = await this.auth.recheck(socket.data);
      const contactId = typeof payload === 'object' && payload !== null ? (payload as { contactId?: unknown }).contactId : payload;
      const result = await this.chat.markRead({ id: caller.userId, role: caller.role }, contactId);
      ack?.({ ok: true, ...result });
    } catch (error) {
      this.fail(socket, ack, toClientError(error), error);
    }
  }

  private async mayBeSent(userId: string): Promise<boolean> {
    try {
      await this.limits.consumeWrite(CHAT_SEND_LIMIT, userId);
      return true;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 429) return false;
      throw error;
    }
  }

  /** Answers through the ack when the client gave one, else with an `error` event; a dead session closes the socket. */
  private fail(socket: ChatSocket, ack: ((answer: ChatEventFailure) => void) | undefined, error: Omit<ChatEventFailure, 'ok'>, cause?: unknown): void {
    if (ack) ack({ ok: false, ...error });
    else socket.emit('error', error);
    if (cause instanceof SocketAuthError) socket.disconnect(true);
    else if (cause && !(cause instanceof HttpException)) {
      const inner = (cause as Error & { cause?: Error }).cause;
      this.logger.error(`chat event failed: ${inner?.message ?? (cause as Error).message}`);
    }
  }

  private async announcePresence(userId: string, online: boolean): Promise<void> {
    const audience = await this.chat.presenceAudience(userId);
    this.realtime.emitTo(audience, 'presence', { userId, online });
  }
}
