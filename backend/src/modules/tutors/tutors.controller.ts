import { Controller, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { OnboardingResultDto, TutorEnvelopeDto, TutorOnboardingFormDto, TutorProfileUpdateFormDto, TutorUpdatedDto } from './dto/tutor.dto.js';
import { readMultipartForm } from '../../common/uploads/multipart-form.js';
import { TUTOR_FILE_MAX_BYTES, TutorsService } from './tutors.service.js';

@ApiTags('tutor')
@ApiBearerAuth()
@Controller('tutor')
export class TutorsController {
  constructor(private readonly tutors: TutorsService) {}

  /** Onboarding has no role guard (spec): a student adds a tutor profile to the same account. */
  @Post('update-info')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TutorOnboardingFormDto })
  @ApiOkResponse({ type: OnboardingResultDto })
  @ApiBadRequestResponse({ description: 'A step 1 or step 2 rule is broken (messages per field in `errors`)' })
  @ApiPayloadTooLargeResponse({ description: 'A file is over 5 MB' })
  @ApiUnsupportedMediaTypeResponse({ description: 'A file is not really a PDF, JPEG or PNG' })
  async updateInfo(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<OnboardingResultDto> {
    this.tutors.assertCanOnboard(user);
    return this.tutors.submitOnboarding(user, await readMultipartForm(request, TUTOR_FILE_MAX_BYTES));
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
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TutorProfileUpdateFormDto })
  @ApiOkResponse({ type: TutorUpdatedDto })
  async updateProfile(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<TutorUpdatedDto> {
    const tutor = await this.tutors.updateProfile(user.id, await readMultipartForm(request, TUTOR_FILE_MAX_BYTES));
    return { message: 'Profile updated successfully', tutor };
  }

  @Patch('updateTutorProfile')
  @Roles('tutor')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: TutorProfileUpdateFormDto })
  @ApiOkResponse({ type: TutorUpdatedDto })
  async updateTutorProfile(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<TutorUpdatedDto> {
    const tutor = await this.tutors.updateProfile(user.id, await readMultipartForm(request, TUTOR_FILE_MAX_BYTES));
    return { message: 'Profile updated successfully', tutor };
  }
}
