import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_LIVE_HOLDS_PER_STUDENT } from '@redpen/shared/tutoring';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { ApiUpload } from '../../common/uploads/api-upload.decorator.js';
import { UploadService } from '../../common/uploads/upload.service.js';
import { acceptsGzip, addVary } from '../../infra/http/prepared-json.js';
import {
  CreateTutoringSessionDto,
  DbsApplicationFormDto,
  DbsAppliedDto,
  SessionBookedDto,
  SessionCancelledDto,
  StudentSessionsDto,
  TutorListDto,
  TutorListQueryDto,
  TutoringProfileEnvelopeDto,
  TutoringProfileUpdatedDto,
  TutorSessionsDto,
  UpdateTutoringProfileDto,
} from './dto/tutoring.dto.js';
import { TutorDirectoryService } from './tutor-directory.service.js';
import { BOOKING_HORIZON_DAYS, BOOKING_LEAD_MINUTES, SESSION_MINUTES } from './tutoring-rules.js';
import { TutoringProfileService } from './tutoring-profile.service.js';
import { sessionNotFound, TutoringSessionsService } from './tutoring-sessions.service.js';
import { DBS_APPLICATION_UPLOAD } from './tutoring.uploads.js';

/** A malformed session id is answered like an unknown one. */
const sessionIdPipe = new ParseUUIDPipe({ exceptionFactory: () => sessionNotFound() });

/** The student's tutoring calls, and cancelling a session. */
@ApiTags('tutoring')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentTutoringController {
  constructor(private readonly sessions: TutoringSessionsService) {}

  @Post('createTutoringSession')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionBookedDto, description: 'The slot is held unpaid for BOOKING_HOLD_SECONDS; send the student to paymentUrl' })
  @ApiBadRequestResponse({ description: 'A field is missing or malformed' })
  @ApiConflictResponse({
    description: `The tutor or the student already has a session then (SLOT_TAKEN); the student already has ${MAX_LIVE_HOLDS_PER_STUDENT} unpaid bookings (TOO_MANY_HOLDS) or one with this tutor (HOLD_WITH_TUTOR_EXISTS). Asking again for a slot the student holds answers that hold.`,
  })
  @ApiUnprocessableEntityResponse({
    description: `Not ${SESSION_MINUTES.join(' or ')} minutes, past, within ${BOOKING_LEAD_MINUTES} minutes, beyond ${BOOKING_HORIZON_DAYS} days, outside availability (SLOT_NOT_AVAILABLE), or the tutor is not bookable (TUTOR_NOT_BOOKABLE)`,
  })
  @ApiTooManyRequestsResponse({ description: "Past the student's write limit (RATE_LIMITED)" })
  async create(@CurrentUser() user: AuthenticatedUser, @Body() body: CreateTutoringSessionDto): Promise<SessionBookedDto> {
    return this.sessions.book(user, body);
  }

  @Get('getTutoringSessions')
  @ApiOkResponse({ type: StudentSessionsDto, description: 'Paid sessions and live unpaid holds, newest first' })
  async all(@CurrentUser() user: AuthenticatedUser): Promise<StudentSessionsDto> {
    return { tutoringSessions: await this.sessions.studentSessions(user, 'all') };
  }

  @Get('getUpcomingTutoringSessions')
  @ApiOkResponse({ type: StudentSessionsDto, description: 'Paid sessions not yet ended (upcoming and active), soonest first' })
  async upcoming(@CurrentUser() user: AuthenticatedUser): Promise<StudentSessionsDto> {
    return { tutoringSessions: await this.sessions.studentSessions(user, 'upcoming') };
  }

  @Get('getCompletedTutoringSessions')
  @ApiOkResponse({ type: StudentSessionsDto, description: 'Paid sessions that ended, newest first' })
  async completed(@CurrentUser() user: AuthenticatedUser): Promise<StudentSessionsDto> {
    return { tutoringSessions: await this.sessions.studentSessions(user, 'completed') };
  }

  @Post('cancelTutoringSession/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionCancelledDto, description: 'Cancelled and refunded in full (asking again answers the same)' })
  @ApiNotFoundResponse({ description: 'No such session of yours' })
  @ApiUnprocessableEntityResponse({ description: 'Less than 24 hours before the start, started, or no longer booked (SESSION_NOT_CANCELLABLE)' })
  async cancel(@CurrentUser() user: AuthenticatedUser, @Param('id', sessionIdPipe) id: string): Promise<SessionCancelledDto> {
    return this.sessions.cancelAsStudent(user, id);
  }
}

/** The tutor's tutoring calls, and Find Your Tutor, which students call under the tutor prefix. */
@ApiTags('tutoring')
@ApiBearerAuth()
@Controller('tutor')
export class TutorTutoringController {
  constructor(
    private readonly profiles: TutoringProfileService,
    private readonly directory: TutorDirectoryService,
    private readonly sessions: TutoringSessionsService,
    private readonly uploads: UploadService,
  ) {}

  @Get('getTutorProfilesforTutoring')
  @Roles('student', 'tutor')
  @ApiOkResponse({
    type: TutorListDto,
    description: 'Bookable tutors (approved for tutoring, DBS verified, Available, not banned). With page or limit: one page, each card with nextSlots. Without: every tutor as the plain card (no nextSlots), streamed',
  })
  async tutors(@Query() query: TutorListQueryDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer | StreamableFile> {
    if (query.page === undefined && query.limit === undefined) {
      // The whole directory, written as it is read (gzipped on the way when the client takes it).
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      addVary(reply, 'Accept-Encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      const body = this.directory.wholeList(query);
      return new StreamableFile(gzip ? pipeline(body, createGzip(), () => undefined) : body, { type: 'application/json; charset=utf-8' });
    }
    // A TutorListDto already serialized (and gzipped): students asking the same this minute share one answer.
    const answer = await this.directory.answer(query);
    return answer.send(request.headers['accept-encoding'], reply);
  }

  @Get('getTutoringProfile')
  @Roles('tutor')
  @ApiOkResponse({ type: TutoringProfileEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No tutor profile (onboarding not done)' })
  async profile(@CurrentUser() user: AuthenticatedUser): Promise<TutoringProfileEnvelopeDto> {
    return this.profiles.get(user);
  }

  @Post('updateTutoringProfile')
  @HttpCode(200)
  @Roles('tutor')
  @ApiOkResponse({ type: TutoringProfileUpdatedDto })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid (rate, status, availability slots, time zone)' })
  @ApiForbiddenResponse({ description: 'Not approved for tutoring with a verified DBS yet (TUTORING_PROFILE_LOCKED)' })
  async update(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateTutoringProfileDto): Promise<TutoringProfileUpdatedDto> {
    return this.profiles.update(user, body);
  }

  @Post('applyForDBS')
  @HttpCode(200)
  @Roles('tutor')
  @ApiUpload()
  @ApiBody({ type: DbsApplicationFormDto })
  @ApiOkResponse({ type: DbsAppliedDto, description: '"DBS application submitted successfully"; the page reloads into its pending state' })
  @ApiBadRequestResponse({ description: '"Please fill in all required fields"' })
  @ApiConflictResponse({ description: 'The certificate is already verified (DBS_ALREADY_VERIFIED)' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 5 MB (UPLOAD_TOO_LARGE)' })
  @ApiUnsupportedMediaTypeResponse({ description: '"Invalid file selected…": not really a PDF, JPEG or PNG (UPLOAD_TYPE_NOT_ALLOWED)' })
  @ApiTooManyRequestsResponse({ description: 'Too many uploads this hour (RATE_LIMITED)' })
  async applyForDbs(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<DbsAppliedDto> {
    await this.profiles.assertCanApply(user);
    return this.uploads.handle(request, user.id, DBS_APPLICATION_UPLOAD, (form) => this.profiles.applyForDbs(user, form));
  }

  @Get('getPendingTutoringSessions')
  @Roles('tutor')
  @ApiOkResponse({ type: TutorSessionsDto, description: 'Paid sessions not yet started, soonest first' })
  async pending(@CurrentUser() user: AuthenticatedUser): Promise<TutorSessionsDto> {
    return { sessions: await this.sessions.tutorSessions(user, 'pending') };
  }

  @Get('getInProgressTutoringSessions')
  @Roles('tutor')
  @ApiOkResponse({ type: TutorSessionsDto, description: 'Paid sessions running now' })
  async inProgress(@CurrentUser() user: AuthenticatedUser): Promise<TutorSessionsDto> {
    return { sessions: await this.sessions.tutorSessions(user, 'inProgress') };
  }

  @Get('getCompletedTutoringSessions')
  @Roles('tutor')
  @ApiOkResponse({ type: TutorSessionsDto, description: 'Paid sessions that ended, newest first' })
  async completed(@CurrentUser() user: AuthenticatedUser): Promise<TutorSessionsDto> {
    return { sessions: await this.sessions.tutorSessions(user, 'completed') };
  }

  @Post('cancelTutoringSession/:id')
  @HttpCode(200)
  @Roles('tutor')
  @ApiOkResponse({ type: SessionCancelledDto, description: 'Cancelled; the student is refunded in full (asking again answers the same)' })
  @ApiNotFoundResponse({ description: 'No such session of yours' })
  @ApiUnprocessableEntityResponse({ description: 'Started, or no longer booked (SESSION_NOT_CANCELLABLE)' })
  async cancel(@CurrentUser() user: AuthenticatedUser, @Param('id', sessionIdPipe) id: string): Promise<SessionCancelledDto> {
    return this.sessions.cancelAsTutor(user, id);
  }
}
