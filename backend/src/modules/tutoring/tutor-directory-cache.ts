import { Injectable } from '@nestjs/common';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { NotifiedCache } from '../../infra/database/notified-cache.js';
import type { PreparedJson } from '../../infra/http/prepared-json.js';

/** Distinct directory queries kept (filters, search, page); the oldest goes first beyond it. */
const MAX_ANSWERS = 500;
/** Reuse bound should a notification be lost. */
const ANSWER_TTL_MS = 10_000;

/**
 * Find Your Tutor's answers (the serialized cards and their gzip twin, for one query in one minute), shared by every
 * student who asks the same: nothing personal is in them. A trigger notifies `tutor_directory_changed` at the commit
 * of any change to a tutor profile, a tutor's name or ban, or a session (a booking takes a slot), and every answer is
 * dropped then. The minute is part of the key: `nextSlots` moves with the clock (the booking lead time), so an answer
 * is at most a minute behind it — the booking itself checks the exact time (docs/decisions.md, Tutoring).
 */
@Injectable()
export class TutorDirectoryCache {
  private readonly answers: NotifiedCache<PreparedJson>;

  constructor(notifications: DatabaseNotifications) {
    this.answers = new NotifiedCache(notifications, { ttlMs: ANSWER_TTL_MS, maxEntries: MAX_ANSWERS, changes: { channel: 'tutor_directory_changed', forget: 'all' } });
  }

  read(query: object, minute: number, load: () => Promise<PreparedJson>): Promise<PreparedJson> {
    return this.answers.read(JSON.stringify([query, minute]), load);
  }
}
