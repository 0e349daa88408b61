import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
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
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { RequireApproval } from '../../common/guards/approved-tutor.guard.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { UploadService } from '../../common/uploads/upload.service.js';
import {
  AcceptEssayDto,
  EssayEnvelopeDto,
  EssayMarkedDto,
  EssayMessageDto,
  EssayMessageSentDto,
  EssayPoolQueryDto,
  EssayRejectedDto,
  RevisionRequestedDto,
  EssayCancelledDto,
  ConfirmPriceDto,
  ConfirmWordCountDto,
  EssayReadDto,
  PriceConfirmedDto,
  FeedbackAcceptedDto,
  WordCountConfirmedDto,
  EssaysDto,
  MarkEssayFormDto,
  TutorEssayIdDto,
  UpdateWordCountDto,
  UploadEssayFormDto,
  UploadEssayResultDto,
  WordCountUpdatedDto,
} from './dto/essay.dto.js';
import { EssayReviewsService } from './essay-reviews.service.js';
import { essayNotFound } from './essay-errors.js';
import { EssaysService } from './essays.service.js';
import { ESSAY_UPLOAD, MARK_ESSAY_UPLOAD } from './essays.uploads.js';
import { ApiUpload } from '../../common/uploads/api-upload.decorator.js';
import { WriteLimit } from '../../common/rate-limit/write-limit.decorator.js';
import { CHAT_SEND_LIMIT } from '@redpen/shared/chat-rules';

/** A malformed essay id is answered like an unknown one. */
const essayIdPipe = new ParseUUIDPipe({ exceptionFactory: () => essayNotFound() });

/** The student's essay calls. Another student's essay is "not found". */
@ApiTags('essays')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentEssaysController {
  constructor(
    private readonly essays: EssaysService,
    private readonly uploads: UploadService,
  ) {}

  @Post('uploadEssay')
  @HttpCode(200)
  @ApiUpload('Too many essay uploads at once on this server (UPLOADS_AT_ONCE), or the file cannot be spooled: nothing was kept; try again after Retry-After seconds (SERVICE_BUSY)')
  @ApiBody({ type: UploadEssayFormDto })
  @ApiOkResponse({ type: UploadEssayResultDto, description: 'Stored with the detected count; confirm it with updateWordCount to enter the pool' })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid, no file, an image without its word count, or an unreadable document (ESSAY_FILE_UNREADABLE)' })
  @ApiPayloadTooLargeResponse({ description: 'A file is over 10 MB (UPLOAD_TOO_LARGE)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'A file is not PDF, DOC, DOCX, TXT or an image by content (UPLOAD_TYPE_NOT_ALLOWED)' })
  @ApiTooManyRequestsResponse({ description: 'Too many uploads this hour (RATE_LIMITED)' })
  async uploadEssay(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<UploadEssayResultDto> {
    return this.uploads.handle(request, user.id, ESSAY_UPLOAD, (form) => this.essays.upload(user, form));
  }

  @Post('updateWordCount')
  @HttpCode(200)
  @ApiOkResponse({ type: WordCountUpdatedDto, description: 'Confirmed (the essay enters the pool) and repriced' })
  @ApiNotFoundResponse({ description: 'No such essay of yours' })
  @ApiConflictResponse({ description: 'A tutor has accepted it (ESSAY_NOT_EDITABLE)' })
  @ApiUnprocessableEntityResponse({ description: 'Outside ±10 % of the original count' })
  async updateWordCount(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateWordCountDto): Promise<WordCountUpdatedDto> {
    return { message: 'Word count updated successfully', essay: await this.essays.updateWordCount(user, body) };
  }

  @Post('acceptEssay/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: FeedbackAcceptedDto, description: "The tutor's feedback accepted (student_accept); the tutor may be paid" })
  @ApiNotFoundResponse({ description: 'Essay not found (or not yours)' })
  @ApiConflictResponse({ description: 'Not reviewed yet (ESSAY_NOT_EDITABLE)' })
  async acceptFeedback(@CurrentUser() user: AuthenticatedUser, @Param('id', essayIdPipe) id: string): Promise<FeedbackAcceptedDto> {
    return { message: 'Essay feedback accepted successfully!', essay: await this.essays.acceptFeedback(user, id) };
  }

  @Post('requestRevision/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: RevisionRequestedDto, description: 'Back with the tutor for a revision' })
  @ApiNotFoundResponse({ description: 'Essay not found (or not yours)' })
  @ApiConflictResponse({ description: 'Not reviewed, already accepted, or over 7 days since the review (ESSAY_NOT_EDITABLE)' })
  async requestRevision(@CurrentUser() user: AuthenticatedUser, @Param('id', essayIdPipe) id: string): Promise<RevisionRequestedDto> {
    return { message: 'Revision requested', essay: await this.essays.requestRevision(user, id) };
  }

  @Post('cancelEssay/:id')
  @HttpCode(200)
  @ApiOkResponse({ type: EssayCancelledDto, description: 'Cancelled; a paid essay is refunded in full (within 24 h of paying, before marking)' })
  @ApiNotFoundResponse({ description: 'Essay not found (or not yours)' })
  @ApiConflictResponse({ description: 'Marked, already cancelled or refunded (REFUND_NOT_ALLOWED)' })
  @ApiUnprocessableEntityResponse({ description: 'The 24-hour refund window has closed (REFUND_NOT_ALLOWED)' })
  async cancel(@CurrentUser() user: AuthenticatedUser, @Param('id', essayIdPipe) id: string): Promise<EssayCancelledDto> {
    const essay = await this.essays.cancel(user, id);
    return { message: essay.paymentStatus === 'Refunded' ? 'Essay cancelled: your payment is being refunded in full' : 'Essay cancelled', essay };
  }

  @Get('getPendingRating')
  @ApiOkResponse({ type: EssaysDto, description: 'Reviews you accepted and have not rated yet, newest first' })
  async pendingRating(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.essays.pendingRatings(user) };
  }

  @Get('essays')
  @ApiOkResponse({ type: EssaysDto })
  async all(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.essays.list(user, 'all') };
  }

  @Get('essays/pending')
  @ApiOkResponse({ type: EssaysDto, description: 'Awaiting confirmation or in the pool' })
  async pending(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.essays.list(user, 'pending') };
  }

  @Get('essays/in-progress')
  @ApiOkResponse({ type: EssaysDto, description: 'Accepted, paid, or back for a revision' })
  async inProgress(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.essays.list(user, 'in-progress') };
  }

  @Get('essays/completed')
  @ApiOkResponse({ type: EssaysDto })
  async completed(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.essays.list(user, 'completed') };
  }

  @Get('essay/:id')
  @ApiOkResponse({ type: EssayEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Essay not found (or not yours)' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('id', essayIdPipe) id: string): Promise<EssayEnvelopeDto> {
    return { essay: await this.essays.get(user, id) };
  }
}

/** The tutor's essay calls. The pool and accepting need `approved_essay`. */
@ApiTags('essays')
@ApiBearerAuth()
@Roles('tutor')
@Controller('tutor')
export class TutorEssaysController {
  constructor(
    private readonly reviews: EssayReviewsService,
    private readonly uploads: UploadService,
  ) {}

  @Get('getAvailableEssays')
  @RequireApproval('essay')
  @ApiOkResponse({ type: EssaysDto, description: 'Open essays at or below your StudyLevel, newest first (file links come with accepting)' })
  @ApiForbiddenResponse({ description: 'Tutor is not approved yet. (TUTOR_NOT_APPROVED)' })
  async available(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: EssayPoolQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    // An EssaysDto already serialized (and gzipped): tutors asking the same share one answer (EssayReviewsService.poolAnswer).
    const answer = await this.reviews.poolAnswer(user, query);
    return answer.send(request.headers['accept-encoding'], reply);
  }

  @Post('acceptEssay')
  @HttpCode(200)
  @RequireApproval('essay')
  @ApiOkResponse({ type: EssayEnvelopeDto, description: 'Yours (also when you already held it); the chat with the student is open. With a wordCount, also repriced (as the discussion\'s Confirm)' })
  @ApiBadRequestResponse({ description: 'The word count is not a whole number above 0' })
  @ApiUnprocessableEntityResponse({ description: 'A count outside ±10 % of an original read from the document (nothing is accepted)' })
  @ApiForbiddenResponse({ description: 'Tutor is not approved yet. (TUTOR_NOT_APPROVED)' })
  @ApiNotFoundResponse({ description: 'No such open essay at your level' })
  @ApiConflictResponse({ description: 'Another tutor accepted it first (ESSAY_ALREADY_ACCEPTED), or it is your own essay (SELF_DEALING)' })
  async accept(@CurrentUser() user: AuthenticatedUser, @Body() body: AcceptEssayDto): Promise<EssayEnvelopeDto> {
    return { essay: await this.reviews.accept(user, body.essayID, body.wordCount) };
  }

  @Post('getEssay')
  @HttpCode(200)
  @ApiOkResponse({ type: EssayEnvelopeDto, description: 'An essay you hold (with its files), or an open one at your level as its pool card (no files, no student)' })
  @ApiForbiddenResponse({ description: 'Not yours, and you are not approved for essays (TUTOR_NOT_APPROVED)' })
  @ApiNotFoundResponse({ description: 'Not yours, and not an open essay at your level' })
  @ApiConflictResponse({ description: 'Your own essay (SELF_DEALING)' })
  async getEssay(@CurrentUser() user: AuthenticatedUser, @Body() body: TutorEssayIdDto): Promise<EssayEnvelopeDto> {
    return { essay: await this.reviews.get(user, body.essayID) };
  }

  @Post('markEssay')
  @HttpCode(200)
  @ApiUpload()
  @ApiBody({ type: MarkEssayFormDto })
  @ApiOkResponse({ type: EssayMarkedDto, description: 'Completed; the student is emailed' })
  @ApiBadRequestResponse({ description: 'Score not 1–10, feedback under 250 characters, or no marked file for a feedback_model essay' })
  @ApiNotFoundResponse({ description: 'Not an essay you hold' })
  @ApiConflictResponse({ description: 'Not paid yet, or already marked (ESSAY_NOT_MARKABLE), being refunded (ESSAY_REFUNDING), or your own essay (SELF_DEALING)' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 10 MB (UPLOAD_TOO_LARGE)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The file is not PDF, DOC, DOCX or RTF by content (UPLOAD_TYPE_NOT_ALLOWED)' })
  async markEssay(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<EssayMarkedDto> {
    const essay = await this.uploads.handle(request, user.id, MARK_ESSAY_UPLOAD, (form) => this.reviews.mark(user, form));
    return { message: 'Essay marked successfully', essay };
  }

  @Get('getCompletedEssays')
  @ApiOkResponse({ type: EssaysDto, description: 'The essays you marked, latest accepted first' })
  async getCompletedEssays(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.reviews.listOwn(user, ['completed']) };
  }

  @Get('getAllEssays')
  @ApiOkResponse({ type: EssaysDto, description: 'The essays you accepted, latest first' })
  async getAllEssays(@CurrentUser() user: AuthenticatedUser): Promise<EssaysDto> {
    return { essays: await this.reviews.listOwn(user) };
  }
}


/** The word-count discussion (`/api/essays/{essayId}…`): the essay's student and its tutor. */
@ApiTags('essays')
@ApiBearerAuth()
@Roles('student', 'tutor')
@Controller('essays')
export class EssayDiscussionController {
  constructor(
    private readonly essays: EssaysService,
    private readonly reviews: EssayReviewsService,
  ) {}

  @Get(':essayId')
  @ApiOkResponse({ type: EssayReadDto, description: "The essay's fields, and the same essay under `essay` (kept for the clients that read it there)" })
  @ApiNotFoundResponse({ description: 'Not your essay, nor one you hold' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('essayId', essayIdPipe) essayId: string): Promise<EssayReadDto> {
    const essay = await this.essays.getForParticipant(user, essayId);
    return { ...essay, essay };
  }

  @Post(':essayId/messages')
  @WriteLimit(CHAT_SEND_LIMIT)
  @HttpCode(200)
  @ApiOkResponse({ type: EssayMessageSentDto, description: 'Sent to the other side through Chat (also delivered live)' })
  @ApiNotFoundResponse({ description: 'Not your essay, nor one you hold, or no tutor holds it' })
  async message(
    @CurrentUser() user: AuthenticatedUser,
    @Param('essayId', essayIdPipe) essayId: string,
    @Body() body: EssayMessageDto,
  ): Promise<EssayMessageSentDto> {
    return { message: await this.essays.sendDiscussionMessage(user, essayId, body.content, body.clientId) };
  }

  @Post(':essayId/confirm')
  @HttpCode(200)
  @Roles('tutor')
  @ApiOkResponse({ type: WordCountConfirmedDto, description: 'Agreement recorded; an agreed count repriced the essay' })
  @ApiBadRequestResponse({ description: 'The word count is not a whole number above 0' })
  @ApiNotFoundResponse({ description: 'Not an essay you hold' })
  @ApiConflictResponse({ description: 'The discussion is over or the essay is paid (ESSAY_NOT_EDITABLE), or the student is paying now (PAYMENT_IN_PROGRESS)' })
  @ApiUnprocessableEntityResponse({ description: 'Outside ±10 % of the original count' })
  async confirm(
    @CurrentUser() user: AuthenticatedUser,
    @Param('essayId', essayIdPipe) essayId: string,
    @Body() body: ConfirmWordCountDto,
  ): Promise<WordCountConfirmedDto> {
    return { message: 'Word count confirmed', essay: await this.reviews.confirm(user, essayId, body.wordCount) };
  }

  @Post(':essayId/confirm-price')
  @HttpCode(200)
  @Roles('student')
  @ApiOkResponse({ type: PriceConfirmedDto, description: 'The student confirmed the price the tutor\'s count gave: the essay may be paid at it' })
  @ApiBadRequestResponse({ description: 'pricePence is not a whole number of pence' })
  @ApiNotFoundResponse({ description: 'Not your essay' })
  @ApiConflictResponse({ description: "The tutor has not set the count yet (WORD_COUNT_NOT_SET), the price shown is no longer the essay's (PRICE_NOT_CONFIRMED), or no tutor holds it unpaid (ESSAY_NOT_EDITABLE)" })
  async confirmPrice(
    @CurrentUser() user: AuthenticatedUser,
    @Param('essayId', essayIdPipe) essayId: string,
    @Body() body: ConfirmPriceDto,
  ): Promise<PriceConfirmedDto> {
    return { message: 'Price confirmed: you can now pay', essay: await this.essays.confirmPrice(user, essayId, body.pricePence) };
  }

  @Post(':essayId/reject')
  @HttpCode(200)
  @Roles('tutor')
  @ApiOkResponse({ type: EssayRejectedDto, description: 'Back in the pool; the student is told' })
  @ApiNotFoundResponse({ description: 'Not an essay you hold' })
  @ApiConflictResponse({ description: 'Already paid for: it can no longer be cancelled (PAYMENT_ALREADY_PAID)' })
  async reject(@CurrentUser() user: AuthenticatedUser, @Param('essayId', essayIdPipe) essayId: string): Promise<EssayRejectedDto> {
    return { message: 'Review cancelled: the essay is back in the pool', essay: await this.reviews.reject(user, essayId) };
  }
}
