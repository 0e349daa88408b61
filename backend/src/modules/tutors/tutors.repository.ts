import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { tutorProfiles, type TutorProfileRow } from './tutors.schema.js';
import { users } from '../users/users.schema.js';
import type { UserRow } from '../users/users.service.js';

export type TutorProfileValues = Partial<Omit<typeof tutorProfiles.$inferInsert, 'userId' | 'createdAt'>>;

/** What the approval guard and the essay pool ask of a tutor's profile. */
export type TutorStanding = Pick<TutorProfileRow, 'approvedEssay' | 'approvedTutoring' | 'hasDbs' | 'studyLevel'>;

/** Tutor Management's filters. */
export type TutorListFilter = 'all' | 'approved' | 'pending' | 'essay' | 'tutoring';

export interface TutorListQuery {
  filter: TutorListFilter;
  search?: string;
  /** Absent: the whole list. */
  page?: { offset: number; limit: number };
}

export type TutorWithUser = { profile: TutorProfileRow; user: UserRow };
/** A row of the admin's list: a tutor who has not onboarded yet has no profile. */
export type ListedTutor = { profile: TutorProfileRow | null; user: UserRow };

/** The user's tutor profile exists and satisfies `condition` (a probe of its primary key per user row). */
const profileWhere = (condition?: SQL) =>
  sql`exists (select 1 from ${tutorProfiles} where ${tutorProfiles.userId} = ${users.id}${condition ? sql` and ${condition}` : sql``})`;

/** A tutor, for the admin: registered as one, or holding a tutor profile (a student who onboarded as a tutor too). */
const IS_TUTOR = or(eq(users.role, 'tutor'), profileWhere());

/** `%` and `_` typed by an admin are literal in a LIKE pattern. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Something waits for an admin (docs/architecture.md "admin (the admin area)"): the Approve Tutors list's rule, in SQL. */
const WAITING_CONDITIONS = {
  application: and(isNotNull(tutorProfiles.onboardingSubmittedAt), isNull(tutorProfiles.applicationReviewedAt)),
  dbs: and(sql`${tutorProfiles.dbsDetails} ->> 'certificateFileKey' is not null`, eq(tutorProfiles.hasDbs, false)),
  profilePicture: isNotNull(tutorProfiles.pendingProfilePictureKey),
  studyLevel: isNotNull(tutorProfiles.pendingStudyLevel),
};
export type WaitingKind = keyof typeof WAITING_CONDITIONS;

/** Tutor profile queries (users are joined to read, written only through UsersService). */
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

  async findWithUser(userId: string, tx: DbOrTx = this.db): Promise<{ profile: TutorProfileRow; user: UserRow } | undefined> {
    const [row] = await tx
      .select({ profile: tutorProfiles, user: users })
      .from(tutorProfiles)
      .innerJoin(users, eq(users.id, tutorProfiles.userId))
      .where(eq(tutorProfiles.userId, userId))
      .limit(1);
    return row;
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

  // ---- the admin slice --------------------------------------------------------------------------------

  /**
   * Tutor Management's list: accounts registered as tutors or holding a tutor profile (a tutor who has not onboarded
   * yet has none), newest first, filtered and searched in SQL; one page or all.
   */
  async listForAdmin(query: TutorListQuery): Promise<ListedTutor[]> {
    // The page's ids from `users` alone (profile conditions as `exists` probes), then their rows: a deferred join.
    const ids = this.db.select({ id: users.id }).from(users).where(this.adminWhere(query)).orderBy(desc(users.createdAt), desc(users.id));
    const page = (query.page ? await ids.limit(query.page.limit).offset(query.page.offset) : await ids).map((row) => row.id);
    if (!page.length) return [];
    const rows = await this.db
      .select({ profile: tutorProfiles, user: users })
      .from(users)
      .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(inArray(users.id, page));
    const byId = new Map(rows.map((row) => [row.user.id, row]));
    return page.map((id) => byId.get(id)!).filter(Boolean);
  }

  async countForAdmin(query: TutorListQuery): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(users).where(this.adminWhere(query));
    return row?.value ?? 0;
  }

  /** The ids of every tutor (registered as one, or holding a tutor profile): the admin dashboard counts them and the people who are also students. */
  async tutorIds(): Promise<string[]> {
    return (await this.db.select({ id: users.id }).from(users).where(IS_TUTOR)).map((row) => row.id);
  }

  /** A tutor for the admin: the account, and its profile once onboarding created one. */
  async findListed(userId: string): Promise<ListedTutor | undefined> {
    const [row] = await this.db
      .select({ profile: tutorProfiles, user: users })
      .from(users)
      .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
      .where(and(eq(users.id, userId), IS_TUTOR))
      .limit(1);
    return row;
  }

  private adminWhere(query: TutorListQuery): SQL | undefined {
    const filters: (SQL | undefined)[] = [IS_TUTOR];
    if (query.filter === 'approved') filters.push(profileWhere(eq(tutorProfiles.approved, true)));
    if (query.filter === 'pending') filters.push(sql`not ${profileWhere(eq(tutorProfiles.approved, true))}`);
    if (query.filter === 'essay') filters.push(profileWhere(eq(tutorProfiles.approvedEssay, true)));
    if (query.filter === 'tutoring') filters.push(profileWhere(eq(tutorProfiles.approvedTutoring, true)));
    if (query.search) {
      const pattern = likeLiteral(query.search);
      // Each side on its own trigram indexes: the users' columns, and the profiles matching by university or course.
      const byProfile = this.db.select({ id: tutorProfiles.userId }).from(tutorProfiles).where(or(ilike(tutorProfiles.university, pattern), ilike(tutorProfiles.course, pattern)));
      filters.push(or(ilike(users.name, pattern), ilike(users.email, pattern), inArray(users.id, byProfile)));
    }
    return and(...filters);
  }

  /** Every tutor with something waiting for an admin, oldest submission first. */
  async waitingForReview(): Promise<TutorWithUser[]> {
    return this.db
      .select({ profile: tutorProfiles, user: users })
      .from(tutorProfiles)
      .innerJoin(users, eq(users.id, tutorProfiles.userId))
      .where(or(...Object.values(WAITING_CONDITIONS)))
      .orderBy(tutorProfiles.onboardingSubmittedAt, tutorProfiles.updatedAt);
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

  /** The profile and its user, the profile locked until the transaction ends (an admin's decision). */
  async findWithUserForUpdate(userId: string, tx: DbOrTx): Promise<TutorWithUser | undefined> {
    const [row] = await tx
      .select({ profile: tutorProfiles, user: users })
      .from(tutorProfiles)
      .innerJoin(users, eq(users.id, tutorProfiles.userId))
      .where(eq(tutorProfiles.userId, userId))
      .for('update', { of: tutorProfiles })
      .limit(1);
    return row;
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
