import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { RatingGivenDto } from '../ratings/dto/rating.dto.js';
import { RatedItems, type RatedItemKind, type RatingRequest } from '../ratings/rated-items.service.js';
import { EssaysService } from './essays.service.js';

/** Essays as Ratings sees them: `POST /student/giveRating` with type essay is decided and recorded by EssaysService. */
@Injectable()
export class EssayRatings implements OnModuleInit, RatedItemKind {
  readonly type = 'essay' as const;

  constructor(
    private readonly ratedItems: RatedItems,
    private readonly essays: EssaysService,
  ) {}

  onModuleInit(): void {
    this.ratedItems.register(this);
  }

  async rate(student: AuthenticatedUser, request: RatingRequest): Promise<Omit<RatingGivenDto, 'message'>> {
    return { essay: await this.essays.giveRating(student, request) };
  }
}
