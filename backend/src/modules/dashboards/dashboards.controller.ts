import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { DashboardsService } from './dashboards.service.js';
import { StudentDashboardDto, TutorDashboardDto } from './dto/dashboard.dto.js';

// The two routes keep the tag and operation ids the published API document has always given them (clients generated
// from it key their calls on the ids); `summary: undefined` keeps ApiOperation from adding an empty summary.

/** `GET /student/getDashboard`: the student's counters. */
@ApiTags('essays')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentDashboardController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Get('getDashboard')
  @ApiOperation({ operationId: 'StudentEssaysController_dashboard', summary: undefined })
  @ApiOkResponse({ type: StudentDashboardDto })
  dashboard(@CurrentUser() user: AuthenticatedUser): Promise<StudentDashboardDto> {
    return this.dashboards.student(user.id);
  }
}

/** `GET /tutor/getDashboard`: the tutor's counters. */
@ApiTags('essays')
@ApiBearerAuth()
@Roles('tutor')
@Controller('tutor')
export class TutorDashboardController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Get('getDashboard')
  @ApiOperation({ operationId: 'TutorEssaysController_dashboard', summary: undefined })
  @ApiOkResponse({ type: TutorDashboardDto })
  dashboard(@CurrentUser() user: AuthenticatedUser): Promise<TutorDashboardDto> {
    return this.dashboards.tutor(user.id);
  }
}
