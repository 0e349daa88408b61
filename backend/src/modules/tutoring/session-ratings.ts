import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { RatingGivenDto } from '../ratings/dto/rating.dto.js';
import { RatedItems, type RatedItemKind, type RatingRequest } from '../ratings/rated-items.service.js';
import { TutoringSessionsService } from './tutoring-sessions.service.js';

/** Tutoring sessions as Ratings sees them: `POST /student/giveRating` with type session is decided and recorded here. */
@Injectable()
export class SessionRatings implements OnModuleInit, RatedItemKind {
  readonly type = 'session' as const;

  constructor(
    private readonly ratedItems: RatedItems,
    private readonly sessions: TutoringSessionsService,
  ) {}

  onModuleInit(): void {
    this.ratedItems.register(this);
  }

  async rate(student: AuthenticatedUser, request: RatingRequest): Promise<Omit<RatingGivenDto, 'message'>> {
    return { tutoringSession: await this.sessions.rate(student, request.itemId, request.rating, request.feedback) };
  }
}
