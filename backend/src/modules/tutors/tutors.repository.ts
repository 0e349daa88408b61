import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { tutorProfiles, users, type TutorProfileRow, type UserRow } from '../../infra/database/schema/index.js';

export type TutorProfileValues = Partial<Omit<typeof tutorProfiles.$inferInsert, 'userId' | 'createdAt'>>;

/** What the approval guard and the essay pool ask of a tutor's profile. */
export type TutorStanding = Pick<TutorProfileRow, 'approvedEssay' | 'approvedTutoring' | 'hasDbs' | 'studyLevel'>;

/** Tutor profile queries (users are joined to read, written only through UsersService). */
@Injectable()
export class TutorsRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    private readonly notifications: DatabaseNotifications,
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

  /**
   * Creates the onboarding part of a profile, or replaces it while it is neither submitted nor approved (a
   * guarded upsert, not read-then-write); approval flags are never touched here. False when refused.
   */
  async submitOnboarding(userId: string, values: TutorProfileValues, tx: DbOrTx = this.db): Promise<boolean> {
    const now = new Date();
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
    const [row] = await tx.update(tutorProfiles).set({ ...values, updatedAt: new Date() }).where(eq(tutorProfiles.userId, userId)).returning();
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
}
