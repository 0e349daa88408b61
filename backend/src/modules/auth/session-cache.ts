import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { NotifiedCache } from '../../infra/database/notified-cache.js';
import type { SessionUserRow } from './session-user.read-model.js';

/** Enough for every session active in a busy minute; the oldest entry goes first beyond it. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/**
 * The session check's answer (session + user + profile flags), reused in this process for
 * AUTH_SESSION_CACHE_SECONDS so an authenticated request does not wait on PostgreSQL each time
 * (docs/benchmarks.md, scenario `http`).
 *
 * It never outlives a change: triggers on users, auth_sessions and the profile tables notify `auth_changed` with
 * the user's id at commit, which drops that user's entries here; a revocation made by this process drops them at
 * once, before its response. Only live sessions of users who are not banned are kept, and only while the
 * notification connection is up (NotifiedCache).
 */
@Injectable()
export class SessionCache {
  private readonly cache: NotifiedCache<SessionUserRow | undefined>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, notifications: DatabaseNotifications) {
    this.cache = new NotifiedCache(notifications, {
      ttlMs: config.auth.sessionCacheSeconds * 1000,
      maxEntries: SESSION_CACHE_MAX_ENTRIES,
      // The payload is the user's id: every session of that user is tagged with it.
      changes: { channel: 'auth_changed', forget: 'tag' },
    });
  }

  get size(): number {
    return this.cache.size;
  }

  /** The session's check, from the cache or `load()`. */
  async read(sessionId: string, userId: string, load: () => Promise<SessionUserRow | undefined>): Promise<SessionUserRow | undefined> {
    const row = await this.cache.read(sessionId, load, { tag: userId, keep: (found) => !!found && !found.sessionRevoked && !found.banned });
    // A session id presented with another user's id is refused by the query; the same here.
    return row && row.id === userId ? row : undefined;
  }

  forgetSession(sessionId: string): void {
    this.cache.forget(sessionId);
  }

  forgetUser(userId: string): void {
    this.cache.forgetTag(userId);
  }
}
