import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { containsPattern } from '../../infra/database/like.js';
import { tutorRatingSummaries } from '../ratings/ratings.schema.js';
import { tutorProfiles } from '../tutors/tutors.schema.js';
import { users } from '../users/users.schema.js';
import { tutoringProfiles, type TutoringProfileRow } from './tutoring.schema.js';

/**
 * Find Your Tutor's read model: a read across owners, kept in one query on purpose. Its main table is tutoring's own
 * `tutoring_profiles`; beside it, read only and never written here, the tutors module's `tutor_profiles` (the
 * approvals, the verified DBS, StudyLevel, university, experience, the picture), Users' `users` (the name, the ban)
 * and Ratings' `tutor_rating_summaries` (the average). The directory filters, searches, sorts and pages in SQL over
 * all of them at once (and the booking reads the card it books from), which calls to three services could not do
 * without reading every tutor. Any change to those tables notifies `tutor_directory_changed` (triggers), which
 * empties TutorDirectoryCache. Its owner is the tutoring module; it writes nothing.
 */

/** A bookable tutor's card as read: the tutoring profile with the application's public part, the name and the rating. */
export type TutorCardRow = Pick<TutoringProfileRow, 'userId' | 'tutoringSubject' | 'hourlyRatePence' | 'tutoringDescription' | 'availability' | 'timeZone'> & {
  fullName: string;
  studyLevel: string | null;
  university: string | null;
  yearsOfExperience: number | null;
  profilePictureKey: string | null;
  ratingSum: number;
  ratingCount: number;
};

export interface TutorSearch {
  search?: string;
  studyLevel?: string;
  sort?: 'experience' | 'hourlyRate';
  /** Both or neither: without them, the whole list. */
  page?: number;
  limit?: number;
}

/** The conditions that make a tutor bookable: approved for tutoring with a verified DBS, Available with a rate, not banned. */
const BOOKABLE = and(
  eq(tutorProfiles.approved, true),
  eq(tutorProfiles.approvedTutoring, true),
  eq(tutorProfiles.hasDbs, true),
  eq(tutoringProfiles.tutoringAvailable, true),
  sql`${tutoringProfiles.hourlyRatePence} is not null`,
  eq(users.banned, false),
);

@Injectable()
export class TutorDirectoryReadModel {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  /** A bookable tutor's card (the booking reads the rate and availability from it); undefined when not bookable. */
  async findBookableTutor(tutorId: string, tx: DbOrTx = this.db): Promise<TutorCardRow | undefined> {
    const [row] = await tx
      .select(this.cardColumns())
      .from(tutoringProfiles)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, tutoringProfiles.userId))
      .innerJoin(users, eq(users.id, tutoringProfiles.userId))
      .leftJoin(tutorRatingSummaries, eq(tutorRatingSummaries.tutorId, tutoringProfiles.userId))
      .where(and(eq(tutoringProfiles.userId, tutorId), BOOKABLE));
    return row;
  }

  /** Find Your Tutor: bookable tutors filtered, searched (name or subject, case-insensitive) and sorted in SQL. */
  async searchTutors(query: TutorSearch): Promise<{ rows: TutorCardRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [BOOKABLE];
    if (query.studyLevel) conditions.push(eq(tutorProfiles.studyLevel, query.studyLevel));
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(or(ilike(users.name, pattern), ilike(tutoringProfiles.tutoringSubject, pattern)));
    }
    const where = and(...conditions);
    const order =
      query.sort === 'hourlyRate'
        ? [asc(tutoringProfiles.hourlyRatePence), asc(users.name), asc(tutoringProfiles.userId)]
        : query.sort === 'experience'
          ? [sql`${tutorProfiles.yearsOfExperience} desc nulls last`, asc(users.name), asc(tutoringProfiles.userId)]
          : [asc(users.name), asc(tutoringProfiles.userId)];
    let select = this.db
      .select(this.cardColumns())
      .from(tutoringProfiles)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, tutoringProfiles.userId))
      .innerJoin(users, eq(users.id, tutoringProfiles.userId))
      .leftJoin(tutorRatingSummaries, eq(tutorRatingSummaries.tutorId, tutoringProfiles.userId))
      .where(where)
      .orderBy(...order)
      .$dynamic();
    if (query.page !== undefined && query.limit !== undefined) select = select.limit(query.limit).offset((query.page - 1) * query.limit);
    const rows = await select;
    if (query.page === undefined) return { rows, total: rows.length };
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(tutoringProfiles)
      .innerJoin(tutorProfiles, eq(tutorProfiles.userId, tutoringProfiles.userId))
      .innerJoin(users, eq(users.id, tutoringProfiles.userId))
      .leftJoin(tutorRatingSummaries, eq(tutorRatingSummaries.tutorId, tutoringProfiles.userId))
      .where(where)) as [{ total: number }];
    return { rows, total };
  }

  private cardColumns() {
    return {
      userId: tutoringProfiles.userId,
      fullName: users.name,
      studyLevel: tutorProfiles.studyLevel,
      university: tutorProfiles.university,
      yearsOfExperience: tutorProfiles.yearsOfExperience,
      tutoringSubject: tutoringProfiles.tutoringSubject,
      hourlyRatePence: tutoringProfiles.hourlyRatePence,
      tutoringDescription: tutoringProfiles.tutoringDescription,
      profilePictureKey: tutorProfiles.profilePictureKey,
      availability: tutoringProfiles.availability,
      timeZone: tutoringProfiles.timeZone,
      ratingSum: sql<number>`coalesce(${tutorRatingSummaries.ratingSum}, 0)`.mapWith(Number),
      ratingCount: sql<number>`coalesce(${tutorRatingSummaries.ratingCount}, 0)`.mapWith(Number),
    };
  }
}
