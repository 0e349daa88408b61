import { Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { UploadService } from '../../common/uploads/upload.service.js';
import { OnboardingResultDto, TutorEnvelopeDto, TutorOnboardingFormDto, TutorProfileUpdateFormDto, TutorUpdatedDto } from './dto/tutor.dto.js';
import { TutorOnboardingService } from './tutor-onboarding.service.js';
import { TutorsService } from './tutors.service.js';
import { TUTOR_ONBOARDING_UPLOAD, TUTOR_PROFILE_UPLOAD } from './tutors.uploads.js';
import { ApiUpload } from '../../common/uploads/api-upload.decorator.js';

@ApiTags('tutor')
@ApiBearerAuth()
@Controller('tutor')
export class TutorsController {
  constructor(
    private readonly tutors: TutorsService,
    private readonly onboarding: TutorOnboardingService,
    private readonly uploads: UploadService,
  ) {}

  /** Onboarding has no role guard (spec): a student adds a tutor profile to the same account. */
  @Post('update-info')
  @HttpCode(200)
  @ApiUpload()
  @ApiBody({ type: TutorOnboardingFormDto })
  @ApiOkResponse({ type: OnboardingResultDto })
  @ApiBadRequestResponse({ description: 'A step 1 or step 2 rule is broken (messages per field in `errors`), or a field is unknown (UPLOAD_FIELD_NOT_ALLOWED)' })
  @ApiConflictResponse({ description: 'Onboarding was already submitted (ONBOARDING_ALREADY_SUBMITTED)' })
  @ApiPayloadTooLargeResponse({ description: 'A file is over 5 MB, or too many files (UPLOAD_TOO_LARGE)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'A file is not really a PDF, JPEG or PNG (UPLOAD_TYPE_NOT_ALLOWED)' })
  @ApiTooManyRequestsResponse({ description: 'Too many uploads this hour (RATE_LIMITED)' })
  async updateInfo(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<OnboardingResultDto> {
    await this.onboarding.assertCanSubmit(user);
    return this.uploads.handle(request, user.id, TUTOR_ONBOARDING_UPLOAD, (form) => this.onboarding.submit(user, form));
  }

  @Get('getProfile')
  @Roles('tutor')
  @ApiOkResponse({ type: TutorEnvelopeDto })
  async getProfile(@CurrentUser() user: AuthenticatedUser): Promise<TutorEnvelopeDto> {
    return { tutor: await this.tutors.getProfile(user.id) };
  }

  @Post('updateProfile')
  @HttpCode(200)
  @Roles('tutor')
  @ApiUpload()
  @ApiBody({ type: TutorProfileUpdateFormDto })
  @ApiOkResponse({ type: TutorUpdatedDto })
  @ApiBadRequestResponse({ description: 'A field is invalid or unknown' })
  @ApiPayloadTooLargeResponse({ description: 'The picture is over 5 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The picture is not really a JPEG or PNG' })
  async updateProfile(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<TutorUpdatedDto> {
    return { message: 'Profile updated successfully', tutor: await this.update(user, request) };
  }

  @Patch('updateTutorProfile')
  @Roles('tutor')
  @ApiUpload()
  @ApiBody({ type: TutorProfileUpdateFormDto })
  @ApiOkResponse({ type: TutorUpdatedDto })
  async updateTutorProfile(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<TutorUpdatedDto> {
    return { message: 'Profile updated successfully', tutor: await this.update(user, request) };
  }

  private async update(user: AuthenticatedUser, request: FastifyRequest) {
    await this.tutors.assertHasProfile(user.id);
    return this.uploads.handle(request, user.id, TUTOR_PROFILE_UPLOAD, (form) => this.tutors.updateProfile(user.id, form));
  }
}
