import { Injectable } from '@nestjs/common';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { NotifiedCache } from '../../infra/database/notified-cache.js';
import type { PreparedJson } from '../../infra/http/prepared-json.js';

/** Distinct pool queries kept (a level set, subject and search each); the oldest goes first beyond it. */
const MAX_POOL_ANSWERS = 500;
/** Reuse bound should a notification be lost: the pool is what tutors refresh, so keep it short. */
const POOL_ANSWER_TTL_MS = 10_000;

/**
 * The pool's answers (the serialized essays, and their gzip twin, for one level set, subject and search), shared by every tutor who asks
 * the same until the pool changes: the same page for everyone at or below a ceiling, nothing personal in it (no
 * student, no file links). A trigger notifies `essay_pool_changed` at the commit of any write that makes an essay
 * open, takes it out of the pool or changes it while open, whichever process or job makes it, and every answer is
 * dropped then. Tutors refreshing the pool at once cost one query (docs/benchmarks.md, scenario `essays`).
 */
@Injectable()
export class EssayPoolCache {
  private readonly answers: NotifiedCache<PreparedJson>;

  constructor(notifications: DatabaseNotifications) {
    this.answers = new NotifiedCache(notifications, { ttlMs: POOL_ANSWER_TTL_MS, maxEntries: MAX_POOL_ANSWERS, changes: { channel: 'essay_pool_changed', forget: 'all' } });
  }

  /** The prepared answer for this query, from the cache or `load()`. */
  read(query: { levels: readonly string[]; subject?: string; search?: string; excludeStudentId?: string }, load: () => Promise<PreparedJson>): Promise<PreparedJson> {
    // A tutor who is also a student gets an answer without their own essays, kept under a key of its own.
    const key = [query.levels, query.subject ?? null, query.search ?? null, ...(query.excludeStudentId ? [query.excludeStudentId] : [])];
    return this.answers.read(JSON.stringify(key), load);
  }
}
