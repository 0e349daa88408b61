import { randomUUID } from 'node:crypto';
import type { Server } from 'socket.io';
import type { ChatClientEvents, ChatServerEvents } from '@redpen/shared/chat-events';
import type { ChatSocketData } from './chat-realtime.service.js';

/** What the API instances tell each other about who is online (socket.io's server-side events over the Redis adapter). */
export interface PresenceEvents {
  /** A user's first socket on `instance` opened (true) or their last one there closed (false). */
  'chat:presence': (instance: string, userId: string, online: boolean) => void;
  /** Every user with a socket on `instance`, now: replaces what was known of it. */
  'chat:presenceList': (instance: string, userIds: string[]) => void;
  /** A new instance asks the others for their lists. */
  'chat:presenceHello': (instance: string) => void;
  /** `instance` is shutting down: its users are gone with it. */
  'chat:presenceGone': (instance: string) => void;
}

/** How often each instance sends its whole list (repairs a lost event); an instance silent for EXPIRE_MS is dropped. */
export const PRESENCE_REFRESH_MS = 10_000;
const EXPIRE_MS = 3 * PRESENCE_REFRESH_MS + 5_000;

/**
 * Which users have a socket open on the OTHER API instances, known here without a round trip: every chat message
 * asks whether its recipient is online (someone away is emailed later), and asking the cluster
 * (`fetchSockets`) waits for every instance's answer through Redis, so a send was as slow as the busiest instance.
 * Each instance announces its user rooms' creation and deletion (the local adapter's `create-room` and
 * `delete-room`) and, every PRESENCE_REFRESH_MS, its whole list; an instance that stops talking (it died) is
 * forgotten after EXPIRE_MS. Only "online" is trusted from here: a user not found may still be connecting, so
 * the caller asks the cluster then.
 */
export class ClusterPresence {
  readonly instance = randomUUID();
  /** The other instances: their users and when they last spoke (monotonic ms). */
  private readonly instances = new Map<string, { users: Set<string>; heardAt: number }>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly server: Server<ChatClientEvents, ChatServerEvents, PresenceEvents, ChatSocketData>,
    /** Whether a room is a user's (the gateway's sockets also join their own id's room and their session's). */
    private readonly isUserRoom: (room: string) => boolean,
  ) {}

  start(): void {
    const adapter = this.server.sockets.adapter;
    adapter.on('create-room', (room: string) => {
      if (this.isUserRoom(room)) this.server.serverSideEmit('chat:presence', this.instance, room, true);
    });
    adapter.on('delete-room', (room: string) => {
      if (this.isUserRoom(room)) this.server.serverSideEmit('chat:presence', this.instance, room, false);
    });
    this.server.on('chat:presence', (instance, userId, online) => {
      const known = this.heard(instance);
      if (online) known.users.add(userId);
      else known.users.delete(userId);
    });
    this.server.on('chat:presenceList', (instance, userIds) => {
      this.heard(instance).users = new Set(userIds);
    });
    this.server.on('chat:presenceHello', () => this.announceAll());
    this.server.on('chat:presenceGone', (instance) => this.instances.delete(instance));
    this.server.serverSideEmit('chat:presenceHello', this.instance);
    this.timer = setInterval(() => {
      this.announceAll();
      const now = performance.now();
      for (const [instance, known] of this.instances) if (now - known.heardAt > EXPIRE_MS) this.instances.delete(instance);
    }, PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.server.serverSideEmit('chat:presenceGone', this.instance);
  }

  /** Whether another instance has told us the user has a socket open there. */
  onlineElsewhere(userId: string): boolean {
    for (const known of this.instances.values()) if (known.users.has(userId)) return true;
    return false;
  }

  private heard(instance: string): { users: Set<string>; heardAt: number } {
    let known = this.instances.get(instance);
    if (!known) this.instances.set(instance, (known = { users: new Set(), heardAt: 0 }));
    known.heardAt = performance.now();
    return known;
  }

  private announceAll(): void {
    const users = [...this.server.sockets.adapter.rooms.keys()].filter(this.isUserRoom);
    this.server.serverSideEmit('chat:presenceList', this.instance, users);
  }
}
