import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database } from '../../infra/database/database.types.js';
import { containsPattern } from '../../infra/database/like.js';
import { users } from '../users/users.schema.js';
import type { UserRow } from '../users/users.service.js';
import { studentProfiles, type StudentProfileRow } from './students.schema.js';

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

/**
 * Student Management's read model: a read across owners kept in one query on purpose. Its subject is the students
 * module's `student_profiles`; beside it, read only and never written here, Users' `users` (the account: who is a
 * student, the name, email and phone the admin searches on their trigram indexes, the newest-first order). A student
 * is an account registered as one or holding a profile, and the list searches, counts and pages over both in SQL —
 * which calls to UsersService could not do without reading every account. Owned by the students module; it writes
 * nothing.
 */
@Injectable()
export class StudentManagementReadModel {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

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
  const pattern = containsPattern(query.search);
  return and(IS_STUDENT, or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)));
}
