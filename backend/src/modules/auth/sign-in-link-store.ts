import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../infra/redis/redis.module.js';

const PREFIX = 'redpen:auth';
/** What a cancelled link's key holds until it would have expired, so its use is answered "cancelled", not "unknown". */
const CANCELLED = 'cancelled';

/** A stored link: live (the user and the session that asked for it), or cancelled by a revocation. */
export type StoredSignInLink = { state: 'live'; userId: string; sessionId: string } | { state: 'cancelled' };

const linkKey = (id: string) => `${PREFIX}:sign-in-link:${id}`;
const userKey = (userId: string) => `${PREFIX}:sign-in-links-of:${userId}`;

function parse(value: string | null): StoredSignInLink | undefined {
  if (value === null) return undefined;
  if (value === CANCELLED) return { state: 'cancelled' };
  const [userId, sessionId] = value.split(':');
  // A value without the session that asked for it cannot be checked: no link.
  return userId && sessionId ? { state: 'live', userId, sessionId } : undefined;
}

/**
 * Sign-in links in Redis (shared by every instance): `sign-in-link:<id>` holds "<userId>:<sessionId>" for the link's
 * lifetime, and `sign-in-links-of:<userId>` the ids of the user's links, so that a revocation of the user's sessions
 * can cancel every link they asked for.
 */
@Injectable()
export class SignInLinkStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async put(id: string, userId: string, sessionId: string, ttlSeconds: number): Promise<void> {
    // Every link lives as long, so the set expires with the newest one.
    await this.redis
      .multi()
      .set(linkKey(id), `${userId}:${sessionId}`, 'EX', ttlSeconds)
      .sadd(userKey(userId), id)
      .expire(userKey(userId), ttlSeconds)
      .exec();
  }

  async peek(id: string): Promise<StoredSignInLink | undefined> {
    return parse(await this.redis.get(linkKey(id)));
  }

  /** Reads and deletes in one step: of two concurrent takers, one gets the link. */
  async take(id: string): Promise<StoredSignInLink | undefined> {
    return parse(await this.redis.getdel(linkKey(id)));
  }

  /**
   * Cancels every outstanding link of the user: each keeps its remaining lifetime but can no longer be used. A link
   * asked for meanwhile is not in the ids read, so it stays in the set for the next revocation.
   */
  async cancelAllOf(userId: string): Promise<void> {
    const ids = await this.redis.smembers(userKey(userId));
    if (ids.length === 0) return;
    const multi = this.redis.multi();
    for (const id of ids) multi.set(linkKey(id), CANCELLED, 'KEEPTTL', 'XX');
    const replies = await multi.srem(userKey(userId), ...ids).exec();
    // A failed cancellation fails the revocation (which then changes nothing and can be retried), never silently.
    const failed = replies?.find(([error]) => error)?.[0];
    if (!replies || failed) throw failed ?? new Error('Redis refused the cancellation of sign-in links');
  }
}
