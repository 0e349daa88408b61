import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';

/** The channels the migrations' triggers notify on (drizzle/0009_add-change-notifications.sql, 0012_create-tutoring-sessions.sql). */
export type ChangeChannel = 'auth_changed' | 'tutor_changed' | 'essay_pool_changed' | 'tutor_directory_changed';

export interface ChangeListener {
  /** A row behind the channel changed (the payload is the trigger's: a user id for `auth_changed`). */
  changed(payload: string): void;
  /** Notifications may have been missed (the connection dropped, or it just came back): forget everything. */
  reset(): void;
}

const BARRIER_CHANNEL = 'redpen_barrier';
/** How the listening connection shows in pg_stat_activity. */
export const NOTIFICATIONS_APPLICATION_NAME = 'redpen-notifications';
const RECONNECT_DELAYS_MS = [250, 1000, 5000, 15_000];

/**
 * PostgreSQL's LISTEN/NOTIFY for in-process caches: one dedicated connection per process, opened when a cache
 * first asks (`start`; a process that never reads a cache, such as the worker, never opens it). Triggers notify at commit, whoever wrote the row,
 * so a cache cannot miss a change a code path forgot to announce. A cache may only keep answers while
 * `listening` is true: when the connection drops, every listener is reset, and again once it is back (what
 * changed in between was not heard).
 */
@Injectable()
export class DatabaseNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseNotifications.name);
  private readonly listeners = new Map<ChangeChannel, Set<ChangeListener>>();
  private readonly barriers = new Map<string, () => void>();
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private failures = 0;
  private retrying?: NodeJS.Timeout;
  private closed = false;
  listening = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  subscribe(channel: ChangeChannel, listener: ChangeListener): void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    if (this.client && this.listening) void this.client.query(`LISTEN ${channel}`).catch(() => this.lost());
  }

  /**
   * Tells this process's listeners of a change it has just made, without waiting for the trigger's notification
   * (which still follows at commit, for the other processes and for a read that raced this call): the writer's
   * next request must not see its own change missing.
   */
  announce(channel: ChangeChannel, payload: string): void {
    for (const listener of this.listeners.get(channel) ?? []) listener.changed(payload);
  }

  /** Opens the connection if it is not open or opening (idempotent; failures retry with a back-off). */
  start(): void {
    if (!this.listening && !this.connecting && !this.retrying) void this.connect();
  }

  /**
   * Resolves once every change committed before this call has reached the listeners: notifications reach a
   * listener in commit order, so hearing a notification committed now means the earlier ones were heard.
   * Rejects when not listening. For tests and tools that write rows directly and must not race the caches.
   */
  async flush(timeoutMs = 5000): Promise<void> {
    await this.connect();
    if (!this.client || !this.listening) throw new Error('not listening for database notifications');
    const id = randomUUID();
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => (this.barriers.delete(id), reject(new Error('database notification barrier timed out'))), timeoutMs);
      this.barriers.set(id, () => (clearTimeout(timer), resolve()));
    });
    // From another connection (a pool client would do as well): a NOTIFY commits like any write.
    const sender = new pg.Client({ connectionString: this.config.database.url });
    await sender.connect();
    try {
      await sender.query('select pg_notify($1, $2)', [BARRIER_CHANNEL, id]);
    } finally {
      await sender.end();
    }
    await heard;
  }

  private connect(): Promise<void> {
    if (this.closed || this.listening) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.database.url, connectionTimeoutMillis: 5000, application_name: NOTIFICATIONS_APPLICATION_NAME });
    client.on('error', () => this.lost());
    client.on('end', () => this.lost());
    client.on('notification', (message) => this.deliver(message.channel, message.payload ?? ''));
    this.client = client;
    try {
      await client.connect();
      for (const channel of [BARRIER_CHANNEL, ...this.listeners.keys()]) await client.query(`LISTEN ${channel}`);
      if (this.client !== client || this.closed) return;
      this.listening = true;
      this.failures = 0;
      // Changes made while nobody listened were not heard: start every cache from empty.
      this.resetAll();
    } catch (error) {
      this.logger.warn(`cannot listen for database notifications: ${(error as Error).message}`);
      this.lost();
    }
  }

  private lost(): void {
    const client = this.client;
    if (!client) return;
    this.client = undefined;
    this.listening = false;
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.resetAll();
    if (this.closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures++, RECONNECT_DELAYS_MS.length - 1)]!;
    this.retrying = setTimeout(() => ((this.retrying = undefined), void this.connect()), delay);
    this.retrying.unref();
  }

  private deliver(channel: string, payload: string): void {
    if (channel === BARRIER_CHANNEL) {
      this.barriers.get(payload)?.();
      this.barriers.delete(payload);
      return;
    }
    for (const listener of this.listeners.get(channel as ChangeChannel) ?? []) listener.changed(payload);
  }

  private resetAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener.reset();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retrying);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
