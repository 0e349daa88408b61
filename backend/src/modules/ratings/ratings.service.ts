import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { RatingRow } from './ratings.schema.js';
import { RatingsRepository, type NewRating } from './ratings.repository.js';

export type { NewRating } from './ratings.repository.js';

/** A tutor's average as the spec shows it: out of 5.0, one decimal, and how many ratings it is of. */
export interface TutorRating {
  average: number;
  count: number;
}

export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/**
 * Students' ratings of tutors (one per essay or session, 1–5 stars, optional feedback ≤ 500 characters) and each
 * tutor's average. The owning module decides whether an item may be rated; this records it once.
 */
@Injectable()
export class RatingsService {
  constructor(private readonly ratings: RatingsRepository) {}

  /** Records the rating in `tx` (with the item's own change); undefined when the item was already rated. */
  record(rating: NewRating, tx: DbOrTx): Promise<RatingRow | undefined> {
    return this.ratings.insert(rating, tx);
  }

  forItems(itemKind: NewRating['itemKind'], itemIds: readonly string[]): Promise<RatingRow[]> {
    return this.ratings.forItems(itemKind, itemIds);
  }

  async tutorRating(tutorId: string): Promise<TutorRating> {
    const { sum, count } = await this.ratings.tutorTotals(tutorId);
    return { average: averageRating(sum, count), count };
  }

  /** The running sum and count of stars of each of these tutors (a tutor never rated is absent: none, 0). */
  totalsOf(tutorIds: readonly string[]): Promise<Map<string, { sum: number; count: number }>> {
    return this.ratings.totalsOf(tutorIds);
  }
}
