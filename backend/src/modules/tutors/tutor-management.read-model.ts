import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { containsPattern } from '../../infra/database/like.js';
import { users } from '../users/users.schema.js';
import type { UserRow } from '../users/users.service.js';
import { WAITING_CONDITIONS } from './tutors.repository.js';
import { tutorProfiles, type TutorProfileRow } from './tutors.schema.js';

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

/**
 * Tutor Management's read model: a read across owners kept in one query on purpose. Its subject is the tutors
 * module's `tutor_profiles`; beside it, read only and never written here, Users' `users` (the account: who is a tutor,
 * the name and email the admin searches on their trigram indexes, the newest-first order, the ban). The list filters
 * on the profile (approved, essays, tutoring), searches both tables and pages in SQL — which calls to UsersService
 * could not do without reading every account — and the admin's decisions and the tutor's own profile read a profile
 * with its account. Owned by the tutors module; it writes nothing (it locks the profile row for a decision).
 */
@Injectable()
export class TutorManagementReadModel {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  async findWithUser(userId: string, tx: DbOrTx = this.db): Promise<{ profile: TutorProfileRow; user: UserRow } | undefined> {
    const [row] = await tx
      .select({ profile: tutorProfiles, user: users })
      .from(tutorProfiles)
      .innerJoin(users, eq(users.id, tutorProfiles.userId))
      .where(eq(tutorProfiles.userId, userId))
      .limit(1);
    return row;
  }

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
      const pattern = containsPattern(query.search);
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
