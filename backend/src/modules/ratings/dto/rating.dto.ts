import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { EssayDto } from '../../essays/dto/essay.dto.js';
import { TutoringSessionDto } from '../../tutoring/dto/tutoring.dto.js';

export const RATING_TYPES = ['essay', 'session'] as const;
export type RatingType = (typeof RATING_TYPES)[number];

/** What an unknown or malformed essay id is answered with (the essays' own 404 text). */
const ESSAY_NOT_FOUND = 'Essay not found';

/**
 * `POST /student/giveRating`: 1–5 stars, default 5 in the form; feedback optional, ≤ 500.
 * `type: 'session'` rates a tutoring session: its id in `sessionId` (or, as the spec's client sends every
 * rating, in `essayId`).
 */
export class GiveRatingDto {
  @ApiProperty({ enum: RATING_TYPES })
  @IsIn(RATING_TYPES, { message: 'Rating type must be essay or session' })
  type: RatingType;

  @ApiPropertyOptional({ format: 'uuid', description: 'The essay (type essay); for type session, the session when sessionId is absent' })
  @ValidateIf((o: GiveRatingDto) => o.type !== 'session' || o.sessionId === undefined)
  @IsUUID('all', { message: ESSAY_NOT_FOUND })
  essayId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The tutoring session (type session)' })
  @IsOptional()
  @IsUUID('all', { message: 'Tutoring session not found' })
  sessionId?: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 })
  @Type(() => Number) @IsInt({ message: 'Rating must be a whole number of stars from 1 to 5' }) @Min(1, { message: 'Rating must be a whole number of stars from 1 to 5' }) @Max(5, { message: 'Rating must be a whole number of stars from 1 to 5' })
  ratings: number;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional() @IsString({ message: 'Feedback must be text' }) @MaxLength(500, { message: 'Feedback must be at most 500 characters' })
  feedback?: string;
}

export class RatingGivenDto {
  @ApiProperty({ example: 'Thank you for rating your tutor' }) message: string;
  @ApiPropertyOptional({ type: EssayDto, description: 'The rated essay (type essay)' }) essay?: EssayDto;
  @ApiPropertyOptional({ type: TutoringSessionDto, description: 'The rated session (type session)' }) tutoringSession?: TutoringSessionDto;
}
