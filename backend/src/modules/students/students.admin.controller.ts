import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { AdminListQueryDto, UpdateBanDto } from '../admin/dto/admin.dto.js';
import { AdminStudentEnvelopeDto, AdminStudentListDto, AdminStudentUpdatedDto } from './dto/student-admin.dto.js';
import { StudentsAdminService } from './students-admin.service.js';

const uuid404 = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/** Student Management: the students module's admin slice. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminStudentsController {
  constructor(private readonly admin: StudentsAdminService) {}

  @Get('getAllStudents')
  @ApiOkResponse({ type: AdminStudentListDto, description: 'Without query parameters the whole list; with page, limit or search one page and pagination' })
  list(@Query() query: AdminListQueryDto): Promise<AdminStudentListDto> {
    return this.admin.list(query);
  }

  @Get('getStudentById/:id')
  @ApiOkResponse({ type: AdminStudentEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such student' })
  async get(@Param('id', uuid404) id: string): Promise<AdminStudentEnvelopeDto> {
    return { student: await this.admin.get(id) };
  }

  @Put('updateStudent/:id')
  @ApiOkResponse({ type: AdminStudentUpdatedDto })
  @ApiForbiddenResponse({ description: 'An admin, or oneself (CANNOT_BAN_ADMIN)' })
  @ApiNotFoundResponse({ description: 'No such student' })
  async update(@CurrentUser() admin: AuthenticatedUser, @Param('id', uuid404) id: string, @Body() body: UpdateBanDto): Promise<AdminStudentUpdatedDto> {
    const student = await this.admin.setBanned(admin.id, id, body.banned);
    return { message: body.banned ? 'Student banned' : 'Student unbanned', student };
  }
}
