import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { studentProfiles, type StudentProfileRow } from '../../infra/database/schema/index.js';

export type StudentProfileValues = Partial<Pick<StudentProfileRow, 'major' | 'university' | 'bio' | 'dateOfBirth' | 'profilePictureKey'>>;

/** Student profile queries. */
@Injectable()
export class StudentsRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  /** The profile, created empty on first use (idempotent under concurrent first calls). */
  async findOrCreate(userId: string, tx: DbOrTx = this.db): Promise<StudentProfileRow> {
    await tx.insert(studentProfiles).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(studentProfiles).where(eq(studentProfiles.userId, userId)).limit(1);
    return row!;
  }

  async update(userId: string, values: StudentProfileValues, tx: DbOrTx = this.db): Promise<StudentProfileRow> {
    const [row] = await tx.update(studentProfiles).set({ ...values, updatedAt: new Date() }).where(eq(studentProfiles.userId, userId)).returning();
    return row!;
  }

  /** Sets the date of birth only if none is stored (a guarded update, not read-then-write). */
  async setDateOfBirthOnce(userId: string, dateOfBirth: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .update(studentProfiles)
      .set({ dateOfBirth, updatedAt: new Date() })
      .where(and(eq(studentProfiles.userId, userId), isNull(studentProfiles.dateOfBirth)))
      .returning({ dob: studentProfiles.dateOfBirth });
    return rows.length === 1;
  }
}
