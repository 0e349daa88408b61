import type { DatabaseNotifications } from './database-notifications.js';

export interface NotifiedCacheOptions {
  /** How long an answer may be reused at most (a lost notification costs no more); 0 turns the cache off. */
  ttlMs: number;
  /** Beyond it the oldest answer goes first. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  tag?: string;
  storedAt: number;
}

/**
 * Answers read from PostgreSQL, reused until a change notification (DatabaseNotifications) says what they were
 * made from changed. The owner forgets entries when told (`forget`, `forgetTag`, `clear`); this class makes sure
 * nothing is kept that could be older than a change already heard:
 * - a read that raced a change (the change was heard while it ran) is returned but not kept;
 * - nothing is kept or reused while the notification connection is down.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private generation = 0;

  constructor(
    private readonly notifications: DatabaseNotifications,
    private readonly options: NotifiedCacheOptions,
  ) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The kept answer for `key`, else `load()`'s, kept when `keep(value)` says so. `tag` groups entries that one
   * change makes stale together (e.g. a user's sessions).
   */
  async read(key: string, load: () => Promise<V>, options: { tag?: string; keep?: (value: V) => boolean } = {}): Promise<V> {
    if (!this.enabled) return load();
    if (!this.notifications.listening) this.notifications.start();
    const entry = this.entries.get(key);
    if (entry) {
      if (this.notifications.listening && performance.now() - entry.storedAt < this.options.ttlMs) return entry.value;
      this.forget(key);
    }
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.notifications.listening && (options.keep?.(value) ?? true)) this.store(key, value, options.tag);
    return value;
  }

  forget(key: string): void {
    this.generation++;
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.tag === undefined) return;
    const keys = this.keysByTag.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByTag.delete(entry.tag);
  }

  forgetTag(tag: string): void {
    this.generation++;
    for (const key of this.keysByTag.get(tag) ?? []) this.entries.delete(key);
    this.keysByTag.delete(tag);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.keysByTag.clear();
  }

  private store(key: string, value: V, tag: string | undefined): void {
    this.forget(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.entries.set(key, { value, tag, storedAt: performance.now() });
    if (tag === undefined) return;
    let keys = this.keysByTag.get(tag);
    if (!keys) this.keysByTag.set(tag, (keys = new Set()));
    keys.add(key);
  }
}
