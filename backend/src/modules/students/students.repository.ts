import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { studentProfiles, type StudentProfileRow } from './students.schema.js';

export type StudentProfileValues = Partial<Pick<StudentProfileRow, 'major' | 'university' | 'bio' | 'dateOfBirth' | 'profilePictureKey'>>;


/** Student profile queries on the students module's own table (Student Management's list: StudentManagementReadModel). */
@Injectable()
export class StudentsRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    private readonly notifications: DatabaseNotifications,
    private readonly clock: Clock,
  ) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The profile, created empty on first use: one read once it exists (safe under concurrent first calls). */
  async findOrCreate(userId: string, tx: DbOrTx = this.db): Promise<StudentProfileRow> {
    const existing = await this.find(userId, tx);
    if (existing) return existing;
    const [created] = await tx.insert(studentProfiles).values({ userId }).onConflictDoNothing().returning();
    if (created) this.notifications.announce('auth_changed', userId);
    // Nothing returned: a concurrent first call created it a moment ago.
    return created ?? (await this.find(userId, tx))!;
  }

  private async find(userId: string, tx: DbOrTx): Promise<StudentProfileRow | undefined> {
    const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.userId, userId)).limit(1);
    return row;
  }

  async update(userId: string, values: StudentProfileValues, tx: DbOrTx = this.db): Promise<StudentProfileRow> {
    const [row] = await tx.update(studentProfiles).set({ ...values, updatedAt: this.clock.now() }).where(eq(studentProfiles.userId, userId)).returning();
    return row!;
  }

  /**
   * Sets the date of birth only if none is stored (a guarded update, not read-then-write). Returns the
   * updated profile, or undefined when a date was already there.
   */
  async setDateOfBirthOnce(userId: string, dateOfBirth: string, tx: DbOrTx = this.db): Promise<StudentProfileRow | undefined> {
    const [row] = await tx
      .update(studentProfiles)
      .set({ dateOfBirth, updatedAt: this.clock.now() })
      .where(and(eq(studentProfiles.userId, userId), isNull(studentProfiles.dateOfBirth)))
      .returning();
    return row;
  }
}
