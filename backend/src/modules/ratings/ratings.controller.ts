import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { WriteLimit } from '../../common/rate-limit/write-limit.decorator.js';
import { GiveRatingDto, RatingGivenDto } from './dto/rating.dto.js';
import { RatedItems } from './rated-items.service.js';

/** Ratings one user may give an hour: each rating is final, so more is a script, not a person. */
const RATING_LIMIT = { name: 'rating', points: 20, durationSeconds: 3600 };

/**
 * The student's rating of a tutor, for an essay or a session: one public route, answered by the module owning the
 * rated item (RatedItems). Its tag and operation id are the ones the published API document has always given it
 * (`summary: undefined`: no empty summary added).
 */
@ApiTags('essays')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentRatingsController {
  constructor(private readonly ratedItems: RatedItems) {}

  @Post('giveRating')
  @WriteLimit(RATING_LIMIT)
  @HttpCode(200)
  @ApiOperation({ operationId: 'StudentEssaysController_giveRating', summary: undefined })
  @ApiOkResponse({ type: RatingGivenDto, description: "Recorded once; the tutor's average is updated" })
  @ApiBadRequestResponse({ description: 'Type not essay or session, rating not 1–5, or feedback over 500 characters' })
  @ApiNotFoundResponse({ description: 'No such essay or session of yours' })
  @ApiConflictResponse({ description: 'Already rated (ESSAY_ALREADY_RATED, SESSION_ALREADY_RATED), or not yet rateable: feedback not accepted (ESSAY_NOT_RATEABLE), session not yet taken place (SESSION_NOT_RATEABLE)' })
  async giveRating(@CurrentUser() user: AuthenticatedUser, @Body() body: GiveRatingDto): Promise<RatingGivenDto> {
    // A session's id may come in essayId (the spec's client sends every rating's id there); the DTO requires one.
    const itemId = (body.type === 'session' ? (body.sessionId ?? body.essayId) : body.essayId)!;
    const rated = await this.ratedItems.rate(body.type, user, { itemId, rating: body.ratings, feedback: body.feedback });
    return { message: 'Thank you for rating your tutor', ...rated };
  }
}
