import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { readMultipartForm } from '../../common/uploads/multipart-form.js';
import { StudentEnvelopeDto, StudentProfileFormDto, StudentUpdatedDto } from './dto/student.dto.js';
import { STUDENT_PICTURE_MAX_BYTES, StudentsService } from './students.service.js';

@ApiTags('student')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentsController {
  constructor(private readonly students: StudentsService) {}

  @Get('profile')
  @ApiOkResponse({ type: StudentEnvelopeDto })
  async profile(@CurrentUser() user: AuthenticatedUser): Promise<StudentEnvelopeDto> {
    return { student: await this.students.getProfile(user) };
  }

  @Post('updateProfile')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: StudentProfileFormDto })
  @ApiOkResponse({ type: StudentUpdatedDto })
  @ApiBadRequestResponse({ description: 'Date of birth cannot be changed once set' })
  async updateProfile(@CurrentUser() user: AuthenticatedUser, @Req() request: FastifyRequest): Promise<StudentUpdatedDto> {
    const updatedStudent = await this.students.updateProfile(user, await readMultipartForm(request, STUDENT_PICTURE_MAX_BYTES));
    return { message: 'Profile updated successfully', updatedStudent };
  }
}
