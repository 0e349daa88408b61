import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DatabaseNotifications } from '../../infra/database/database-notifications.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { studentProfiles, type StudentProfileRow } from './students.schema.js';
import { users } from '../users/users.schema.js';
import type { UserRow } from '../users/users.service.js';

export type StudentProfileValues = Partial<Pick<StudentProfileRow, 'major' | 'university' | 'bio' | 'dateOfBirth' | 'profilePictureKey'>>;

/** A student for the admin: the account, and its profile once the student has opened it (created on first use). */
export type ListedStudent = { profile: StudentProfileRow | null; user: UserRow };

export interface StudentListQuery {
  search?: string;
  /** Absent: the whole list. */
  page?: { offset: number; limit: number };
}

/**
 * A student, for the admin: registered as one, or holding a student profile. An `exists` probe per row (the
 * profile's primary key), so the lists walk `users` by its indexes instead of joining every profile first.
 */
const IS_STUDENT = or(eq(users.role, 'student'), sql`exists (select 1 from ${studentProfiles} where ${studentProfiles.userId} = ${users.id})`);

/** `%` and `_` typed by an admin are literal in a LIKE pattern. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Student profile queries (users are joined to read, written only through UsersService). */
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

  // ---- the admin slice --------------------------------------------------------------------------------

  /**
   * Student Management's list: newest first, searched in SQL (name, email, phone on trigram indexes); one page or
   * all. The page's ids come first (users alone), then their rows with the profiles (a deferred join).
   */
  async listForAdmin(query: StudentListQuery): Promise<ListedStudent[]> {
    const ids = this.db.select({ id: users.id }).from(users).where(adminWhere(query)).orderBy(desc(users.createdAt), desc(users.id));
    const page = (query.page ? await ids.limit(query.page.limit).offset(query.page.offset) : await ids).map((row) => row.id);
    if (!page.length) return [];
    const rows = await this.db
      .select({ profile: studentProfiles, user: users })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(inArray(users.id, page));
    const byId = new Map(rows.map((row) => [row.user.id, row]));
    return page.map((id) => byId.get(id)!).filter(Boolean);
  }

  async countForAdmin(query: StudentListQuery): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(users).where(adminWhere(query));
    return row?.value ?? 0;
  }

  /** How many students there are, and how many of `userIds` are students (the admin dashboard: people with both roles count once). */
  async countStudents(userIds: readonly string[]): Promise<{ total: number; among: number }> {
    const among = userIds.length ? sql`${users.id} = any(${sql.param([...userIds])}::uuid[])` : sql`false`;
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int`, among: sql<number>`count(*) filter (where ${among})::int` })
      .from(users)
      .where(IS_STUDENT);
    return row ?? { total: 0, among: 0 };
  }

  async findListed(userId: string): Promise<ListedStudent | undefined> {
    const [row] = await this.db
      .select({ profile: studentProfiles, user: users })
      .from(users)
      .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
      .where(and(eq(users.id, userId), IS_STUDENT))
      .limit(1);
    return row;
  }
}

function adminWhere(query: StudentListQuery): SQL | undefined {
  if (!query.search) return IS_STUDENT;
  const pattern = likeLiteral(query.search);
  return and(IS_STUDENT, or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)));
}
