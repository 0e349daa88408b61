import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { UpdateBanDto } from '../admin/dto/admin.dto.js';
import {
  AdminTutorEnvelopeDto,
  AdminTutorListDto,
  AdminTutorUpdatedDto,
  ApproveTutorDto,
  RejectTutorDto,
  ReviewTutorChangeDto,
  TutorAdminListQueryDto,
  UnapprovedTutorsDto,
} from './dto/tutor-admin.dto.js';
import { APPROVALS_UPDATED, TutorsAdminService } from './tutors-admin.service.js';

const uuid404 = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Approve Tutors and Tutor Management: the tutors module's admin slice. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminTutorsController {
  constructor(private readonly admin: TutorsAdminService) {}

  @Get('getUnapprovedTutors')
  @ApiOkResponse({ type: UnapprovedTutorsDto, description: 'Every tutor with something waiting: an undecided application, a DBS certificate to verify, a pending picture or StudyLevel' })
  async unapproved(): Promise<UnapprovedTutorsDto> {
    return { tutors: await this.admin.waiting() };
  }

  @Post('approveTutor')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminTutorUpdatedDto, description: `"${APPROVALS_UPDATED}"` })
  @ApiBadRequestResponse({ description: '"Please select a study level", or `StudyLevel "<word>" is not one of Bachelors, Masters, PhD`' })
  @ApiConflictResponse({
    description: 'Tutoring without a DBS certificate on file (DBS_CERTIFICATE_REQUIRED), or the tutor asks for another level than expectedStudyLevel (CHANGE_SUPERSEDED)',
  })
  @ApiNotFoundResponse({ description: 'No such tutor' })
  async approve(@CurrentUser() admin: AuthenticatedUser, @Body() body: ApproveTutorDto): Promise<AdminTutorUpdatedDto> {
    return { message: APPROVALS_UPDATED, tutor: await this.admin.approve(admin.id, body) };
  }

  @Post('rejectTutor')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminTutorUpdatedDto })
  @ApiNotFoundResponse({ description: 'No such tutor' })
  async reject(@CurrentUser() admin: AuthenticatedUser, @Body() body: RejectTutorDto): Promise<AdminTutorUpdatedDto> {
    return { message: 'Tutor application rejected', tutor: await this.admin.reject(admin.id, body) };
  }

  @Post('reviewTutorChange')
  @HttpCode(200)
  @ApiOkResponse({ type: AdminTutorUpdatedDto })
  @ApiBadRequestResponse({ description: 'Nothing of that kind is waiting (NOTHING_TO_REVIEW), a rejection without a reason, or an approval that does not name the level or picture' })
  @ApiConflictResponse({ description: 'The named level or picture is no longer the one waiting: the tutor asked again (CHANGE_SUPERSEDED)' })
  @ApiNotFoundResponse({ description: 'No such tutor' })
  async reviewChange(@CurrentUser() admin: AuthenticatedUser, @Body() body: ReviewTutorChangeDto): Promise<AdminTutorUpdatedDto> {
    const tutor = await this.admin.reviewChange(admin.id, body);
    return { message: body.approve ? 'Change approved' : 'Change rejected', tutor };
  }

  @Get('getAllTutors')
  @ApiOkResponse({ type: AdminTutorListDto, description: 'Without query parameters the whole list; with page, limit or search one page and pagination' })
  list(@Query() query: TutorAdminListQueryDto): Promise<AdminTutorListDto> {
    return this.admin.list(query);
  }

  @Get('getTutorById/:id')
  @ApiOkResponse({ type: AdminTutorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such tutor' })
  async get(@Param('id', uuid404) id: string): Promise<AdminTutorEnvelopeDto> {
    return { tutor: await this.admin.get(id) };
  }

  @Put('updateTutor/:id')
  @ApiOkResponse({ type: AdminTutorUpdatedDto })
  @ApiForbiddenResponse({ description: 'An admin, or oneself (CANNOT_BAN_ADMIN)' })
  @ApiNotFoundResponse({ description: 'No such tutor' })
  async update(@CurrentUser() admin: AuthenticatedUser, @Param('id', uuid404) id: string, @Body() body: UpdateBanDto): Promise<AdminTutorUpdatedDto> {
    const tutor = await this.admin.setBanned(admin.id, id, body.banned);
    return { message: body.banned ? 'Tutor banned' : 'Tutor unbanned', tutor };
  }
}
