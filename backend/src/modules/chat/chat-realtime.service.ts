import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { ChatClientEvents, ChatServerEvents } from '@redpen/shared/chat-events';
import type { ChatMessageDto } from './dto/chat.dto.js';

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
export type ChatServer = Server<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;

/**
 * The socket.io server as the rest of the module reaches it: emits to users' rooms and asks who is online.
 * Every call goes through the Redis adapter, so it covers the sockets of every API instance.
 */
@Injectable()
export class ChatRealtime {
  private server: ChatServer | undefined;

  attach(server: ChatServer): void {
    this.server = server;
  }

  emitMessage(message: ChatMessageDto): void {
    this.server?.to([message.sender, message.recipient]).emit('receiveMessage', message);
  }

  emitTo<E extends keyof ChatServerEvents>(userIds: string[], event: E, ...payload: Parameters<ChatServerEvents[E]>): void {
    if (userIds.length) this.server?.to(userIds).emit(event, ...payload);
  }

  /** Which of `userIds` have at least one socket open on any instance (one request across the adapter). */
  async onlineAmong(userIds: string[]): Promise<Set<string>> {
    if (!this.server || userIds.length === 0) return new Set();
    const sockets = await this.server.in(userIds).fetchSockets();
    return new Set(sockets.map((socket) => (socket.data as ChatSocketData).userId));
  }

  /**
   * Whether the user has a socket open anywhere. A socket on this instance answers at once (its room in the local
   * adapter); only otherwise are the other instances asked (a round trip through Redis): every chat message asks it
   * (issue 30: a message to someone away is emailed later).
   */
  async isOnline(userId: string): Promise<boolean> {
    if ((this.server?.sockets.adapter.rooms.get(userId)?.size ?? 0) > 0) return true;
    return (await this.onlineAmong([userId])).has(userId);
  }

  /** Closes every socket of the user on every instance (a ban). */
  disconnectUser(userId: string): void {
    this.server?.in(userId).disconnectSockets(true);
  }

  /** Closes the sockets of these sessions on every instance (a revocation). */
  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length) this.server?.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }
}
