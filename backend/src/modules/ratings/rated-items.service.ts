import { Injectable, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { RatingGivenDto, RatingType } from './dto/rating.dto.js';

/** A student's rating of one item, as `POST /student/giveRating` read it. */
export interface RatingRequest {
  itemId: string;
  rating: number;
  feedback?: string;
}

/**
 * The module that owns a kind of rated item (Essays: `essay`, Tutoring: `session`) decides whether its item may be
 * rated and records it (RatingsService.record, in the item's own transaction); it answers the rated item under its
 * key of RatingGivenDto. It registers itself at start (`onModuleInit() { ratedItems.register(this) }`), so Ratings
 * routes a rating without importing its owners.
 */
export interface RatedItemKind {
  readonly type: RatingType;
  rate(student: AuthenticatedUser, request: RatingRequest): Promise<Omit<RatingGivenDto, 'message'>>;
}

/** The rated kinds by type: the port between `POST /student/giveRating` and the modules owning what is rated. */
@Injectable()
export class RatedItems {
  private readonly kinds = new Map<RatingType, RatedItemKind>();

  register(kind: RatedItemKind): void {
    if (this.kinds.has(kind.type)) throw new Error(`Rated item kind ${kind.type} registered twice`);
    this.kinds.set(kind.type, kind);
  }

  async rate(type: RatingType, student: AuthenticatedUser, request: RatingRequest): Promise<Omit<RatingGivenDto, 'message'>> {
    const kind = this.kinds.get(type);
    // Only when the owning module is not part of this app (the DTO admits essay and session only).
    if (!kind) throw new NotFoundException(coded('NOT_FOUND', 'Nothing of this type can be rated'));
    return kind.rate(student, request);
  }
}
