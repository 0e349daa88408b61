import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { tutorProfiles, type TutorProfileRow } from './tutors.schema.js';

export type TutorProfileValues = Partial<Omit<typeof tutorProfiles.$inferInsert, 'userId' | 'createdAt'>>;

/** What the approval guard and the essay pool ask of a tutor's profile. */
export type TutorStanding = Pick<TutorProfileRow, 'approvedEssay' | 'approvedTutoring' | 'hasDbs' | 'studyLevel'>;

/** Something waits for an admin (docs/architecture.md "admin (the admin area)"): the Approve Tutors list's rule, in SQL. */
export const WAITING_CONDITIONS = {
  application: and(isNotNull(tutorProfiles.onboardingSubmittedAt), isNull(tutorProfiles.applicationReviewedAt)),
  dbs: and(sql`${tutorProfiles.dbsDetails} ->> 'certificateFileKey' is not null`, eq(tutorProfiles.hasDbs, false)),
  profilePicture: isNotNull(tutorProfiles.pendingProfilePictureKey),
  studyLevel: isNotNull(tutorProfiles.pendingStudyLevel),
};
export type WaitingKind = keyof typeof WAITING_CONDITIONS;

/** Tutor profile queries on the tutors module's own table (Tutor Management's reads with the accounts: TutorManagementReadModel). */
@Injectable()
export class TutorsRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    private readonly notifications: DatabaseNotifications,
    private readonly clock: Clock,
  ) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async find(userId: string, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, userId)).limit(1);
    return row;
  }

  /** The profile, locked until the transaction ends (so a concurrent submission waits, then sees this one's). */
  async findForUpdate(userId: string, tx: DbOrTx): Promise<TutorProfileRow | undefined> {
    const [row] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, userId)).for('update').limit(1);
    return row;
  }

  /** The profile, its row locked `for share` until the transaction ends (an approval's change waits for it). */
  async findForShare(userId: string, tx: DbOrTx): Promise<TutorProfileRow | undefined> {
    const [row] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, userId)).for('share').limit(1);
    return row;
  }

  /** Stores the DBS certificate's details and file while the DBS is not yet verified; undefined once it is. */
  async submitDbs(userId: string, details: NonNullable<TutorProfileRow['dbsDetails']> & { submittedAt: string }, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx
      .update(tutorProfiles)
      .set({ dbsDetails: details, appliedForDbs: true, updatedAt: new Date(details.submittedAt) })
      .where(and(eq(tutorProfiles.userId, userId), eq(tutorProfiles.hasDbs, false)))
      .returning();
    if (row) this.notifications.announce('tutor_changed', userId);
    return row;
  }

  /**
   * Creates the onboarding part of a profile, or replaces it while it is neither submitted nor approved (a
   * guarded upsert, not read-then-write); approval flags are never touched here. False when refused.
   */
  async submitOnboarding(userId: string, values: TutorProfileValues, tx: DbOrTx = this.db): Promise<boolean> {
    const now = this.clock.now();
    const rows = await tx
      .insert(tutorProfiles)
      .values({ userId, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: tutorProfiles.userId,
        set: { ...values, updatedAt: now },
        setWhere: and(isNull(tutorProfiles.onboardingSubmittedAt), eq(tutorProfiles.approved, false)),
      })
      .returning({ userId: tutorProfiles.userId });
    this.notifications.announce('auth_changed', userId);
    this.notifications.announce('tutor_changed', userId);
    return rows.length > 0;
  }

  async update(userId: string, values: TutorProfileValues, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx.update(tutorProfiles).set({ ...values, updatedAt: this.clock.now() }).where(eq(tutorProfiles.userId, userId)).returning();
    this.notifications.announce('tutor_changed', userId);
    return row;
  }

  /** The approval flags ApprovedTutorGuard checks; undefined for a user without a tutor profile. */
  async findStanding(userId: string, tx: DbOrTx = this.db): Promise<TutorStanding | undefined> {
    const [row] = await tx
      .select({ approvedEssay: tutorProfiles.approvedEssay, approvedTutoring: tutorProfiles.approvedTutoring, hasDbs: tutorProfiles.hasDbs, studyLevel: tutorProfiles.studyLevel })
      .from(tutorProfiles)
      .where(eq(tutorProfiles.userId, userId))
      .limit(1);
    return row;
  }

  /** How many tutors wait for each kind of review (the dashboard's "Needs attention"). */
  async waitingCounts(): Promise<Record<WaitingKind, number>> {
    const [row] = await this.db
      .select({
        application: sql<number>`count(*) filter (where ${WAITING_CONDITIONS.application})::int`,
        dbs: sql<number>`count(*) filter (where ${WAITING_CONDITIONS.dbs})::int`,
        profilePicture: sql<number>`count(*) filter (where ${WAITING_CONDITIONS.profilePicture})::int`,
        studyLevel: sql<number>`count(*) filter (where ${WAITING_CONDITIONS.studyLevel})::int`,
      })
      .from(tutorProfiles);
    return row ?? { application: 0, dbs: 0, profilePicture: 0, studyLevel: 0 };
  }

}

/** Which reviews wait on this profile (the same rules as the SQL above, for one row already read). */
export function waitingOn(profile: TutorProfileRow): WaitingKind[] {
  const kinds: WaitingKind[] = [];
  if (profile.onboardingSubmittedAt && !profile.applicationReviewedAt) kinds.push('application');
  if (profile.dbsDetails?.certificateFileKey && !profile.hasDbs) kinds.push('dbs');
  if (profile.pendingProfilePictureKey) kinds.push('profilePicture');
  if (profile.pendingStudyLevel) kinds.push('studyLevel');
  return kinds;
}
