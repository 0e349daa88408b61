import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { tutorProfiles, users, type TutorProfileRow, type UserRow } from '../../infra/database/schema/index.js';

export type TutorProfileValues = Partial<Omit<typeof tutorProfiles.$inferInsert, 'userId' | 'createdAt'>>;

/** Tutor profile queries. */
@Injectable()
export class TutorsRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

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

  /** Creates or replaces the onboarding part of a profile; approval flags are never touched here. */
  async upsertOnboarding(userId: string, values: TutorProfileValues, tx: DbOrTx = this.db): Promise<void> {
    const now = new Date();
    await tx
      .insert(tutorProfiles)
      .values({ userId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: tutorProfiles.userId, set: { ...values, updatedAt: now } });
  }

  async update(userId: string, values: TutorProfileValues, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx.update(tutorProfiles).set({ ...values, updatedAt: new Date() }).where(eq(tutorProfiles.userId, userId)).returning();
    return row;
  }

  async markOnboardingCompleted(userId: string, tx: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await tx.update(users).set({ onboardingCompleted: true, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    return row!;
  }
}
