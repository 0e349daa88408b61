import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
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
import { StudentEnvelopeDto, StudentProfileFormDto, StudentUpdatedDto } from './dto/student.dto.js';
import { StudentsService } from './students.service.js';
import { STUDENT_PROFILE_UPLOAD } from './students.uploads.js';
import { ApiUpload } from '../../common/uploads/api-upload.decorator.js';

@ApiTags('student')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentsController {
  constructor(
    private readonly students: StudentsService,
    private readonly uploads: UploadService,
  ) {}

  @Get('profile')
  @ApiOkResponse({ type: StudentEnvelopeDto })
  async profile(@CurrentUser() user: AuthenticatedUser): Promise<StudentEnvelopeDto> {
    return { student: await this.students.getProfile(user) };
  }

  @Post('updateProfile')
  @HttpCode(200)
  @ApiUpload()
  @ApiBody({ type: StudentProfileFormDto })
  @ApiOkResponse({ type: StudentUpdatedDto })
  @ApiBadRequestResponse({ description: 'A field is invalid, the date of birth is already set, or a field is unknown (UPLOAD_FIELD_NOT_ALLOWED)' })
  @ApiPayloadTooLargeResponse({ description: 'The picture is over 5 MB (UPLOAD_TOO_LARGE)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The picture is not really an image (UPLOAD_TYPE_NOT_ALLOWED)' })
  @ApiTooManyRequestsResponse({ description: 'Too many uploads this hour (RATE_LIMITED)' })
  async updateProfile(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<StudentUpdatedDto> {
    const updatedStudent = await this.uploads.handle(request, user.id, STUDENT_PROFILE_UPLOAD, (form) => this.students.updateProfile(user, form));
    return { message: 'Profile updated successfully', updatedStudent };
  }
}
