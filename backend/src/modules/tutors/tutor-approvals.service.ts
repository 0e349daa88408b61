import { Inject, Injectable } from '@nestjs/common';
import { TutorApprovals, type TutorService } from '../../common/guards/tutor-approvals.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { NotifiedCache } from '../../infra/database/notified-cache.js';
import { TutorsRepository, type TutorStanding } from './tutors.repository.js';

const MAX_STANDINGS = 10_000;

/**
 * Answers ApprovedTutorGuard and the essay pool's ceiling. Essay marking needs `approved_essay`; tutoring needs
 * `approved_tutoring` and a verified DBS certificate (the tutoring page is editable only with both).
 * The profile's flags are read on the tutor's requests like the session is, so they share its reuse window
 * (AUTH_SESSION_CACHE_SECONDS): a trigger notifies `tutor_changed` at the commit of any change to the profile,
 * and an approval or its withdrawal counts from the next request.
 */
@Injectable()
export class TutorApprovalsService extends TutorApprovals {
  private readonly standings: NotifiedCache<TutorStanding | undefined>;

  constructor(
    private readonly repository: TutorsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    notifications: DatabaseNotifications,
  ) {
    super();
    this.standings = new NotifiedCache(notifications, {
      ttlMs: config.auth.sessionCacheSeconds * 1000,
      maxEntries: MAX_STANDINGS,
      // The payload is the tutor's id, the key of their standing.
      changes: { channel: 'tutor_changed', forget: 'key' },
    });
  }

  async isApproved(userId: string, service: TutorService): Promise<boolean> {
    const standing = await this.standing(userId);
    if (!standing) return false;
    return service === 'essay' ? standing.approvedEssay : standing.approvedTutoring && standing.hasDbs;
  }

  async studyLevel(userId: string): Promise<string | null> {
    return (await this.standing(userId))?.studyLevel ?? null;
  }

  private standing(userId: string): Promise<TutorStanding | undefined> {
    return this.standings.read(userId, () => this.repository.findStanding(userId), { keep: (found) => found !== undefined });
  }
}
