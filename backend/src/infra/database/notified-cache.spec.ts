import { describe, expect, it, jest } from '@jest/globals';
import type { DatabaseNotifications } from './database-notifications.js';
import { NotifiedCache } from './notified-cache.js';

const listeningNotifications = () =>
  ({ listening: true, start: jest.fn(), subscribe: jest.fn() }) as unknown as DatabaseNotifications & { listening: boolean; start: jest.Mock; subscribe: jest.Mock };
/** The options of a cache whose user-id notifications drop that user's tag. */
const CHANGES = { channel: 'auth_changed', forget: 'tag' } as const;

describe('NotifiedCache', () => {
  it('reuses an answer, and reads again once it is forgotten by key, by tag or all at once', async () => {
    const cache = new NotifiedCache<number>(listeningNotifications(), { ttlMs: 60_000, maxEntries: 10, changes: CHANGES });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.read('a', load, { tag: 'user-1' })).toBe(1);
    expect(await cache.read('a', load, { tag: 'user-1' })).toBe(1);
    cache.forget('a');
    expect(await cache.read('a', load, { tag: 'user-1' })).toBe(2);
    expect(await cache.read('b', load, { tag: 'user-1' })).toBe(3);
    cache.forgetTag('user-1');
    expect(await cache.read('a', load)).toBe(4);
    expect(await cache.read('b', load)).toBe(5);
    cache.clear();
    expect(await cache.read('a', load)).toBe(6);
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new NotifiedCache<string>(listeningNotifications(), { ttlMs: 60_000, maxEntries: 10, changes: CHANGES });
    let release!: () => void;
    const slow = cache.read('a', () => new Promise<string>((resolve) => (release = () => resolve('before the change'))));
    cache.forgetTag('anyone'); // the change is heard while the read is still on its way
    release();
    expect(await slow).toBe('before the change');
    expect(await cache.read('a', async () => 'after the change')).toBe('after the change');
  });

  it('lets readers that miss together share one load, but not one a change has overtaken', async () => {
    const cache = new NotifiedCache<string>(listeningNotifications(), { ttlMs: 60_000, maxEntries: 10, changes: CHANGES });
    const releases: (() => void)[] = [];
    let loads = 0;
    const load = () => new Promise<string>((resolve) => releases.push(() => resolve(`load ${++loads}`)));
    const together = [cache.read('a', load), cache.read('a', load), cache.read('a', load)];
    expect(releases).toHaveLength(1);
    cache.forget('other'); // a change heard while that load runs: later readers must not take its answer
    const after = cache.read('a', load);
    expect(releases).toHaveLength(2);
    releases.forEach((release) => release());
    expect(await Promise.all(together)).toEqual(['load 1', 'load 1', 'load 1']);
    expect(await after).toBe('load 2');
    expect(await cache.read('a', load)).toBe('load 2');
  });

  it('keeps a load that ran while another entry was crowded out (that is not a change)', async () => {
    const cache = new NotifiedCache<string>(listeningNotifications(), { ttlMs: 60_000, maxEntries: 1, changes: CHANGES });
    let release!: () => void;
    const slow = cache.read('a', () => new Promise<string>((resolve) => (release = () => resolve('a1'))));
    await cache.read('b', async () => 'b1');
    await cache.read('c', async () => 'c1'); // crowds b out
    release();
    expect(await slow).toBe('a1');
    expect(await cache.read('a', async () => 'a2')).toBe('a1');
  });

  it('keeps and reuses nothing while not listening, and asks to start listening', async () => {
    const notifications = listeningNotifications();
    notifications.listening = false;
    const cache = new NotifiedCache<number>(notifications, { ttlMs: 60_000, maxEntries: 10, changes: CHANGES });
    let reads = 0;
    await cache.read('a', async () => ++reads);
    await cache.read('a', async () => ++reads);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
    expect(notifications.start).toHaveBeenCalled();
    notifications.listening = true;
    await cache.read('a', async () => ++reads);
    notifications.listening = false;
    expect(await cache.read('a', async () => ++reads)).toBe(4);
  });

  it('keeps only what `keep` accepts, for at most ttlMs, and at most maxEntries (the oldest goes)', async () => {
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const cache = new NotifiedCache<number>(listeningNotifications(), { ttlMs: 1000, maxEntries: 2, changes: CHANGES });
      let reads = 0;
      await cache.read('refused', async () => ++reads, { keep: () => false });
      expect(await cache.read('refused', async () => ++reads)).toBe(2);
      await cache.read('x', async () => 10);
      jest.advanceTimersByTime(999);
      expect(await cache.read('x', async () => 11)).toBe(10);
      jest.advanceTimersByTime(2);
      expect(await cache.read('x', async () => 12)).toBe(12);
      await cache.read('y', async () => 20);
      await cache.read('z', async () => 30);
      expect(cache.size).toBe(2);
      expect(await cache.read('z', async () => 31)).toBe(30);
      // 'refused' was kept by its second read (no `keep` then), and went first when the cache was full.
      expect(await cache.read('refused', async () => 40)).toBe(40);
    } finally {
      jest.useRealTimers();
    }
  });

  it('listens on its channel itself: a notification forgets what its payload names, a reset forgets everything', async () => {
    const notifications = listeningNotifications();
    const byTag = new NotifiedCache<number>(notifications, { ttlMs: 60_000, maxEntries: 10, changes: CHANGES });
    const byKey = new NotifiedCache<number>(notifications, { ttlMs: 60_000, maxEntries: 10, changes: { channel: 'tutor_changed', forget: 'key' } });
    const all = new NotifiedCache<number>(notifications, { ttlMs: 60_000, maxEntries: 10, changes: { channel: 'essay_pool_changed', forget: 'all' } });
    expect(notifications.subscribe.mock.calls).toEqual([
      ['auth_changed', byTag],
      ['tutor_changed', byKey],
      ['essay_pool_changed', all],
    ]);
    let reads = 0;
    const load = async () => ++reads;
    await byTag.read('session-1', load, { tag: 'user-1' });
    await byTag.read('session-2', load, { tag: 'user-2' });
    byTag.changed('user-1');
    expect(await byTag.read('session-1', load, { tag: 'user-1' })).toBe(3);
    expect(await byTag.read('session-2', load, { tag: 'user-2' })).toBe(2);
    await byKey.read('tutor-1', load);
    await byKey.read('tutor-2', load);
    byKey.changed('tutor-1');
    expect(await byKey.read('tutor-1', load)).toBe(6);
    expect(await byKey.read('tutor-2', load)).toBe(5);
    await all.read('pool', load);
    all.changed('');
    expect(await all.read('pool', load)).toBe(8);
    byTag.reset();
    expect(byTag.size).toBe(0);
  });

  it('is off with a TTL of 0', async () => {
    const cache = new NotifiedCache<number>(listeningNotifications(), { ttlMs: 0, maxEntries: 10, changes: CHANGES });
    let reads = 0;
    await cache.read('a', async () => ++reads);
    await cache.read('a', async () => ++reads);
    expect(reads).toBe(2);
  });
});
