import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { coded, ValidationFailedException } from '../../common/errors.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { NotifiedCache } from '../../infra/database/notified-cache.js';
import type { Transaction } from '../../infra/database/database.types.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { AuditLog, type AuditAction } from '../admin/audit-log.service.js';
import { pageOf, paginationOf } from '../../common/pagination.js';
import { studyLevelOf } from '@redpen/shared/essay-levels';
import { RatingsService } from '../ratings/ratings.service.js';
import { UsersAdminService } from '../users/users-admin.service.js';
import {
  PLEASE_SELECT_STUDY_LEVEL,
  type AdminTutorDetailDto,
  type AdminTutorListDto,
  type ApproveTutorDto,
  type RejectTutorDto,
  type ReviewTutorChangeDto,
  type TutorAdminListQueryDto,
} from './dto/tutor-admin.dto.js';
import { NO_RATINGS, noProfileYet, presentAdminTutor, presentAdminTutorDetail } from './tutor-admin.presenter.js';
import type { TutorDecision } from './tutors.events.js';
import { TutorsRepository, type TutorProfileValues } from './tutors.repository.js';
import { TutorManagementReadModel, type TutorWithUser } from './tutor-management.read-model.js';
import './tutors.events.js';

export const APPROVALS_UPDATED = 'Tutor approvals updated successfully';
export const DBS_CERTIFICATE_REQUIRED = 'Tutoring cannot be approved without a DBS certificate on file.';
export const NAME_THE_LEVEL = 'Name the study level you approve';
export const NAME_THE_PICTURE = 'Name the picture you approve';
const TUTOR_NOT_FOUND = 'Tutor not found';
/** How long a list answer may be reused at most (a sign-up, which notifies nothing, shows within it). */
export const LIST_CACHE_MS = 5_000;

/**
 * The admins' decisions about tutors ("Tutor Management": levels, DBS and tutoring
 * gating). Every decision changes the profile, writes its audit row and records
 * `tutor.reviewed` (the tutor's email) in one transaction; the approval cache follows at commit (`tutor_changed`).
 */
@Injectable()
export class TutorsAdminService {
  /**
   * Answers reused for up to LIST_CACHE_MS until an account or a tutor profile changes (`auth_changed` and
   * `tutor_changed`, notified at commit on every instance): paging and filtering cost a query per change, not per click.
   */
  private readonly answers: NotifiedCache<AdminTutorListDto>;

  constructor(
    private readonly repository: TutorsRepository,
    private readonly management: TutorManagementReadModel,
    private readonly storage: StorageService,
    private readonly events: DomainEvents,
    private readonly audit: AuditLog,
    private readonly users: UsersAdminService,
    private readonly ratings: RatingsService,
    private readonly clock: Clock,
    notifications: DatabaseNotifications,
  ) {
    this.answers = new NotifiedCache(notifications, { ttlMs: LIST_CACHE_MS, maxEntries: 500, changes: { channel: 'auth_changed', forget: 'all' } });
    notifications.subscribe('tutor_changed', this.answers);
  }

  private readonly sign = (key: string) => this.storage.presignedDownloadUrl(key);

  list(query: TutorAdminListQueryDto): Promise<AdminTutorListDto> {
    return this.answers.read(JSON.stringify([query.filter, query.page, query.limit, query.search]), () => this.load(query));
  }

  private async load(query: TutorAdminListQueryDto): Promise<AdminTutorListDto> {
    const filter = query.filter ?? 'all';
    const paged = query.page !== undefined || query.limit !== undefined || query.search !== undefined;
    if (!paged) return { tutors: await this.present(await this.management.listForAdmin({ filter })) };
    const { page, limit, offset } = pageOf(query);
    const listQuery = { filter, search: query.search, page: { offset, limit } };
    const [rows, total] = await Promise.all([this.management.listForAdmin(listQuery), this.management.countForAdmin(listQuery)]);
    return { tutors: await this.present(rows), pagination: paginationOf(page, limit, total) };
  }

  /** The cards of a page, with each tutor's rating from Ratings (one query for the page). */
  private async present(rows: Awaited<ReturnType<TutorManagementReadModel['listForAdmin']>>) {
    const ratings = await this.ratings.totalsOf(rows.map((r) => r.user.id));
    return Promise.all(rows.map((r) => presentAdminTutor(r.profile, r.user, this.sign, ratings.get(r.user.id))));
  }

  /** One tutor in full, with their rating from Ratings. */
  private async presentDetail(profile: TutorWithUser['profile'], user: TutorWithUser['user']): Promise<AdminTutorDetailDto> {
    const ratings = await this.ratings.totalsOf([user.id]);
    return presentAdminTutorDetail(profile, user, this.sign, ratings.get(user.id) ?? NO_RATINGS);
  }

  async get(tutorId: string): Promise<AdminTutorDetailDto> {
    const found = await this.management.findListed(tutorId);
    if (!found) throw new NotFoundException(coded('NOT_FOUND', TUTOR_NOT_FOUND));
    return this.presentDetail(found.profile ?? noProfileYet(found.user), found.user);
  }

  /** Every tutor with something waiting: an undecided application, a DBS certificate, a picture or a level change. */
  async waiting(): Promise<AdminTutorDetailDto[]> {
    const rows = await this.management.waitingForReview();
    const ratings = await this.ratings.totalsOf(rows.map((r) => r.user.id));
    return Promise.all(rows.map((r) => presentAdminTutorDetail(r.profile, r.user, this.sign, ratings.get(r.user.id))));
  }

  /** How many tutors wait for each kind of review (the dashboard's "Needs attention"). */
  waitingCounts() {
    return this.repository.waitingCounts();
  }

  /** Every tutor's id (registered as one, or holding a tutor profile), for the admin dashboard's people counts. */
  tutorIds(): Promise<string[]> {
    return this.management.tutorIds();
  }

  /**
   * `POST /admin/approveTutor`: sets both services and the confirmed StudyLevel (which supersedes a pending change).
   * Approving tutoring verifies the DBS certificate on file (`hasDBS`), and is refused without one. Setting a service
   * false withdraws it: the tutor keeps work already accepted but sees no new pool or bookings.
   *
   * The admin may set another level than the tutor asked for (a correction), so StudyLevel alone cannot tell that the
   * tutor changed their request after the admin loaded it; `expectedStudyLevel`, the request as the admin saw it, does:
   * when sent and no longer the tutor's request, 409 CHANGE_SUPERSEDED. Without it (the spec's client) the level set is
   * still exactly the one the admin named, never one they did not see.
   */
  async approve(adminId: string, body: ApproveTutorDto): Promise<AdminTutorDetailDto> {
    if (!body.StudyLevel) throw new ValidationFailedException([{ field: 'StudyLevel', message: PLEASE_SELECT_STUDY_LEVEL }]);
    return this.decide(adminId, body.tutorId, ({ profile }) => {
      if (body.expectedStudyLevel !== undefined) {
        const requested = profile.pendingStudyLevel ?? profile.studyLevel;
        if (levelKey(requested) !== levelKey(body.expectedStudyLevel)) {
          throw superseded(`The tutor now asks for ${requested ?? 'no study level'}, not ${body.expectedStudyLevel ?? 'none'} as when you loaded the page. Please check the new request.`);
        }
      }
      if (body.approved_tutoring && !profile.dbsDetails?.certificateFileKey) {
        throw new ConflictException(coded('DBS_CERTIFICATE_REQUIRED', DBS_CERTIFICATE_REQUIRED));
      }
      const withdrawn = [
        ...(profile.approvedEssay && !body.approved_essay ? ['essay' as const] : []),
        ...(profile.approvedTutoring && !body.approved_tutoring ? ['tutoring' as const] : []),
      ];
      const granted = (body.approved_essay && !profile.approvedEssay) || (body.approved_tutoring && !profile.approvedTutoring);
      const action: AuditAction = withdrawn.length && !granted ? 'tutor.withdraw' : 'tutor.approve';
      return {
        action,
        values: {
          approvedEssay: body.approved_essay,
          approvedTutoring: body.approved_tutoring,
          approved: body.approved_essay || body.approved_tutoring,
          studyLevel: body.StudyLevel,
          pendingStudyLevel: null,
          // The admin's verification of the certificate; a withdrawal of tutoring does not unverify it.
          ...(body.approved_tutoring ? { hasDbs: true } : {}),
          applicationReviewedAt: this.clock.now(),
          applicationRejectionReason: null,
        },
        decision: { kind: 'approval', approvedEssay: body.approved_essay, approvedTutoring: body.approved_tutoring, studyLevel: body.StudyLevel, withdrawn },
      };
    });
  }

  /** `POST /admin/rejectTutor`: the application is declined (nothing approved), the reason emailed. */
  async reject(adminId: string, body: RejectTutorDto): Promise<AdminTutorDetailDto> {
    return this.decide(adminId, body.tutorId, () => ({
      action: 'tutor.reject',
      values: { approvedEssay: false, approvedTutoring: false, approved: false, applicationReviewedAt: this.clock.now(), applicationRejectionReason: body.reason },
      decision: { kind: 'rejection', reason: body.reason },
      reason: body.reason,
    }));
  }

  /**
   * `POST /admin/reviewTutorChange`: a pending picture or StudyLevel approved (it takes effect) or rejected (dropped).
   * An approval names what it approves (the level, or the picture's key) and a rejection may: when that is no longer
   * what waits (the tutor asked again after the admin loaded the page), 409 CHANGE_SUPERSEDED and nothing changes.
   * An approval that names nothing is refused: it would take effect with whatever is pending by then.
   */
  async reviewChange(adminId: string, body: ReviewTutorChangeDto): Promise<AdminTutorDetailDto> {
    if (!body.approve && !body.reason) throw new ValidationFailedException([{ field: 'reason', message: 'Please give a reason' }]);
    if (body.approve && body.change === 'StudyLevel' && !body.StudyLevel) throw new ValidationFailedException([{ field: 'StudyLevel', message: NAME_THE_LEVEL }]);
    if (body.approve && body.change === 'profilePicture' && !body.profilePictureKey) {
      throw new ValidationFailedException([{ field: 'profilePictureKey', message: NAME_THE_PICTURE }]);
    }
    const reason = body.approve ? null : body.reason!;
    let removed: string | null = null;
    const tutor = await this.decide(adminId, body.tutorId, ({ profile }) => {
      if (body.change === 'profilePicture') {
        const pending = profile.pendingProfilePictureKey;
        if (!pending) throw nothingToReview('No profile picture is waiting for approval.');
        if (body.profilePictureKey !== undefined && body.profilePictureKey !== pending) {
          throw superseded('The tutor has sent another profile picture since you loaded the page. Please review the new one.');
        }
        removed = body.approve ? profile.profilePictureKey : pending;
        return {
          action: body.approve ? 'tutor.picture.approve' : 'tutor.picture.reject',
          values: body.approve ? { profilePictureKey: pending, pendingProfilePictureKey: null } : { pendingProfilePictureKey: null },
          decision: { kind: 'profilePicture', approved: body.approve, reason },
          reason,
        };
      }
      const pending = profile.pendingStudyLevel;
      if (!pending) throw nothingToReview('No study level change is waiting for approval.');
      if (body.StudyLevel !== undefined && levelKey(body.StudyLevel) !== levelKey(pending)) {
        throw superseded(`The tutor now asks for ${pending}, not ${body.StudyLevel} as when you loaded the page. Please review the new request.`);
      }
      return {
        action: body.approve ? 'tutor.studyLevel.approve' : 'tutor.studyLevel.reject',
        values: body.approve ? { studyLevel: pending, pendingStudyLevel: null } : { pendingStudyLevel: null },
        decision: { kind: 'studyLevel', approved: body.approve, studyLevel: pending, reason },
        reason,
      };
    });
    // The replaced (or refused) file, once the decision is committed.
    if (removed) await this.storage.deleteQuietly([removed]);
    return tutor;
  }

  /** `PUT /admin/updateTutor/{id} {banned}`: a tutor's ban or unban (UsersAdminService). */
  async setBanned(adminId: string, tutorId: string, banned: boolean): Promise<AdminTutorDetailDto> {
    if (!(await this.management.findListed(tutorId))) throw new NotFoundException(coded('NOT_FOUND', TUTOR_NOT_FOUND));
    await this.users.setBanned(adminId, tutorId, banned);
    this.answers.clear();
    return this.get(tutorId);
  }

  /** One decision: the profile locked, changed, audited and announced together. */
  private async decide(
    adminId: string,
    tutorId: string,
    rule: (found: TutorWithUser) => { action: AuditAction; values: TutorProfileValues; decision: TutorDecision; reason?: string | null },
  ): Promise<AdminTutorDetailDto> {
    const after = await this.events.transaction(async (tx: Transaction) => {
      const found = await this.management.findWithUserForUpdate(tutorId, tx);
      if (!found) throw new NotFoundException(coded('NOT_FOUND', TUTOR_NOT_FOUND));
      const { action, values, decision, reason } = rule(found);
      const profile = await this.repository.update(tutorId, values, tx);
      await this.audit.record({ actorId: adminId, action, subjectType: 'user', subjectId: tutorId, before: snapshot(found.profile), after: snapshot(profile!), reason: reason ?? null }, tx);
      await this.events.record(tx, 'tutor.reviewed', { tutorId, at: this.clock.now().toISOString(), decision });
      return { profile: profile!, user: found.user };
    });
    this.answers.clear();
    return this.presentDetail(after.profile, after.user);
  }
}

/** What the audit row keeps of a profile: the fields an admin decides. */
function snapshot(profile: TutorWithUser['profile']): Record<string, unknown> {
  return {
    approved: profile.approved,
    approved_essay: profile.approvedEssay,
    approved_tutoring: profile.approvedTutoring,
    hasDBS: profile.hasDbs,
    StudyLevel: profile.studyLevel,
    pendingStudyLevel: profile.pendingStudyLevel,
    pendingProfilePicture: profile.pendingProfilePictureKey !== null,
    applicationRejectionReason: profile.applicationRejectionReason,
  };
}

const nothingToReview = (message: string) => new BadRequestException(coded('NOTHING_TO_REVIEW', message));
const superseded = (message: string) => new ConflictException(coded('CHANGE_SUPERSEDED', message));

/** A level as compared for supersession: the stored spelling read leniently (a legacy free-text level as written). */
const levelKey = (level: string | null | undefined): string | null => (level?.trim() ? (studyLevelOf(level) ?? level.trim()) : null);
