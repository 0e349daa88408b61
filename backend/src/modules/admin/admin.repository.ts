import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database } from '../../infra/database/database.types.js';
import { essays, studentProfiles, tutorProfiles, users } from '../../infra/database/schema/index.js';

export interface DashboardCounts {
  totalUsers: number;
  totalStudents: number;
  totalTutors: number;
  activeEssays: number;
  pendingEssays: number;
  completedEssays: number;
}

/**
 * The dashboard's read model: counts over users, profiles and essays (a read across modules' tables, as the
 * dashboard is; nothing here writes). A student is an account registered as one or holding a student profile,
 * likewise a tutor, so a user with both profiles counts once in totalUsers and once in each role.
 */
@Injectable()
export class AdminRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  async dashboardCounts(): Promise<DashboardCounts> {
    const isStudent = sql`(${users.role} = 'student' or exists (select 1 from ${studentProfiles} where ${studentProfiles.userId} = ${users.id}))`;
    const isTutor = sql`(${users.role} = 'tutor' or exists (select 1 from ${tutorProfiles} where ${tutorProfiles.userId} = ${users.id}))`;
    const [people] = await this.db
      .select({
        totalUsers: sql<number>`count(*) filter (where ${isStudent} or ${isTutor})::int`,
        totalStudents: sql<number>`count(*) filter (where ${isStudent})::int`,
        totalTutors: sql<number>`count(*) filter (where ${isTutor})::int`,
      })
      .from(users);
    const [work] = await this.db
      .select({
        activeEssays: sql<number>`count(*) filter (where ${essays.status} in ('accepted', 'paid', 'revision_requested'))::int`,
        pendingEssays: sql<number>`count(*) filter (where ${essays.status} in ('awaiting_confirmation', 'open'))::int`,
        completedEssays: sql<number>`count(*) filter (where ${essays.status} = 'completed')::int`,
      })
      .from(essays);
    return { ...people!, ...work! };
  }
}
