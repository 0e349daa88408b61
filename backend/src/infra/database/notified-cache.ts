import type { ChangeChannel, ChangeListener, DatabaseNotifications } from './database-notifications.js';

export interface NotifiedCacheOptions {
  /** How long an answer may be reused at most (a lost notification costs no more); 0 turns the cache off. */
  ttlMs: number;
  /** Beyond it the oldest answer goes first. */
  maxEntries: number;
  /**
   * The channel whose notifications make entries stale, and which ones a notification's payload names: the entry
   * under that key, the entries under that tag, or (`all`) every entry.
   */
  changes: { channel: ChangeChannel; forget: 'key' | 'tag' | 'all' };
}

interface Entry<V> {
  value: V;
  tag?: string;
  storedAt: number;
}

/**
 * Answers read from PostgreSQL, reused until a change notification (DatabaseNotifications) says what they were
 * made from changed. It listens on its channel itself (`options.changes`); the owner may also forget entries for a
 * change it has just made (`forget`, `forgetTag`, `clear`). It makes sure nothing is kept that could be older than
 * a change already heard:
 * - a read that raced a change (the change was heard while it ran) is returned but not kept;
 * - nothing is kept or reused while the notification connection is down.
 */
export class NotifiedCache<V> implements ChangeListener {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** Loads running now, shared by the readers that ask for the same key meanwhile (see `read`). */
  private readonly loading = new Map<string, { generation: number; value: Promise<V> }>();
  /** Moves on with every change heard: a load that started before a change is not kept, nor joined. */
  private generation = 0;

  constructor(
    private readonly notifications: DatabaseNotifications,
    private readonly options: NotifiedCacheOptions,
  ) {
    if (this.enabled) notifications.subscribe(options.changes.channel, this);
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The kept answer for `key`, else `load()`'s, kept when `keep(value)` says so. `tag` groups entries that one
   * change makes stale together (e.g. a user's sessions). Readers that miss the same key while its load runs wait
   * for that load rather than each starting one (fifty tutors refreshing the pool as its answer expires cost one
   * query, not fifty), unless a change was heard since it started.
   */
  async read(key: string, load: () => Promise<V>, options: { tag?: string; keep?: (value: V) => boolean } = {}): Promise<V> {
    if (!this.enabled) return load();
    if (!this.notifications.listening) this.notifications.start();
    const entry = this.entries.get(key);
    if (entry) {
      if (this.notifications.listening && performance.now() - entry.storedAt < this.options.ttlMs) return entry.value;
      this.remove(key);
    }
    const running = this.loading.get(key);
    if (running && running.generation === this.generation && this.notifications.listening) return running.value;
    const generation = this.generation;
    const value = load();
    this.loading.set(key, { generation, value });
    try {
      const loaded = await value;
      if (generation === this.generation && this.notifications.listening && (options.keep?.(loaded) ?? true)) this.store(key, loaded, options.tag);
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  forget(key: string): void {
    this.generation++;
    this.remove(key);
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

  /** A notification on the cache's channel: `payload` names what changed (see `options.changes`). */
  changed(payload: string): void {
    const { forget } = this.options.changes;
    if (forget === 'key') this.forget(payload);
    else if (forget === 'tag') this.forgetTag(payload);
    else this.clear();
  }

  /** Notifications may have been missed: nothing kept can be trusted. */
  reset(): void {
    this.clear();
  }

  /** Drops an entry that is old or crowded out: not a change, so loads running now may still be kept. */
  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.tag === undefined) return;
    const keys = this.keysByTag.get(entry.tag);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByTag.delete(entry.tag);
  }

  private store(key: string, value: V, tag: string | undefined): void {
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(key, { value, tag, storedAt: performance.now() });
    if (tag === undefined) return;
    let keys = this.keysByTag.get(tag);
    if (!keys) this.keysByTag.set(tag, (keys = new Set()));
    keys.add(key);
  }
}
