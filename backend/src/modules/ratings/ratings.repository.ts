import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { DbOrTx, Database } from '../../infra/database/database.types.js';
import { ratings, type RatingRow } from './ratings.schema.js';
import { tutorProfiles } from '../tutors/tutors.schema.js';

export interface NewRating {
  itemKind: 'essay' | 'tutoring_session';
  itemId: string;
  studentId: string;
  tutorId: string;
  rating: number;
  feedback: string | null;
}

/** The ratings table and the tutor's running sum and count beside it. */
@Injectable()
export class RatingsRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  /**
   * Records the rating and adds it to the tutor's sum and count, in the caller's transaction. Undefined when the
   * item already has a rating (the unique key decides, so two concurrent submissions record one).
   */
  async insert(rating: NewRating, tx: DbOrTx = this.db): Promise<RatingRow | undefined> {
    const [row] = await tx.insert(ratings).values(rating).onConflictDoNothing({ target: [ratings.itemKind, ratings.itemId] }).returning();
    if (!row) return undefined;
    await tx
      .update(tutorProfiles)
      .set({ ratingSum: sql`${tutorProfiles.ratingSum} + ${rating.rating}`, ratingCount: sql`${tutorProfiles.ratingCount} + 1` })
      .where(eq(tutorProfiles.userId, rating.tutorId));
    return row;
  }

  /** The ratings of these items of one kind (for presenting a page of essays in one query). */
  async forItems(itemKind: NewRating['itemKind'], itemIds: readonly string[], tx: DbOrTx = this.db): Promise<RatingRow[]> {
    if (itemIds.length === 0) return [];
    return tx.select().from(ratings).where(and(eq(ratings.itemKind, itemKind), inArray(ratings.itemId, [...itemIds])));
  }

  async tutorTotals(tutorId: string, tx: DbOrTx = this.db): Promise<{ sum: number; count: number }> {
    const [row] = await tx.select({ sum: tutorProfiles.ratingSum, count: tutorProfiles.ratingCount }).from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId));
    return row ?? { sum: 0, count: 0 };
  }
}
