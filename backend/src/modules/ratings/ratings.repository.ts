import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { DbOrTx, Database } from '../../infra/database/database.types.js';
import { ratings, tutorRatingSummaries, type RatingRow } from './ratings.schema.js';

export interface NewRating {
  itemKind: 'essay' | 'tutoring_session';
  itemId: string;
  studentId: string;
  tutorId: string;
  rating: number;
  feedback: string | null;
}

/** The ratings table and each tutor's running sum and count beside it (`tutor_rating_summaries`). */
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
      .insert(tutorRatingSummaries)
      .values({ tutorId: rating.tutorId, ratingSum: rating.rating, ratingCount: 1 })
      .onConflictDoUpdate({
        target: tutorRatingSummaries.tutorId,
        set: { ratingSum: sql`${tutorRatingSummaries.ratingSum} + ${rating.rating}`, ratingCount: sql`${tutorRatingSummaries.ratingCount} + 1` },
      });
    return row;
  }

  /** The ratings of these items of one kind (for presenting a page of essays in one query). */
  async forItems(itemKind: NewRating['itemKind'], itemIds: readonly string[], tx: DbOrTx = this.db): Promise<RatingRow[]> {
    if (itemIds.length === 0) return [];
    return tx.select().from(ratings).where(and(eq(ratings.itemKind, itemKind), inArray(ratings.itemId, [...itemIds])));
  }

  async tutorTotals(tutorId: string, tx: DbOrTx = this.db): Promise<{ sum: number; count: number }> {
    return (await this.totalsOf([tutorId], tx)).get(tutorId) ?? { sum: 0, count: 0 };
  }

  /** The sums and counts of these tutors, by tutor (a tutor never rated is absent). */
  async totalsOf(tutorIds: readonly string[], tx: DbOrTx = this.db): Promise<Map<string, { sum: number; count: number }>> {
    if (tutorIds.length === 0) return new Map();
    const rows = await tx
      .select({ tutorId: tutorRatingSummaries.tutorId, sum: tutorRatingSummaries.ratingSum, count: tutorRatingSummaries.ratingCount })
      .from(tutorRatingSummaries)
      .where(inArray(tutorRatingSummaries.tutorId, [...tutorIds]));
    return new Map(rows.map((row) => [row.tutorId, { sum: row.sum, count: row.count }]));
  }
}
