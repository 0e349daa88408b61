import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { AdminDashboardService } from './admin-dashboard.service.js';
import { UsersService } from '../users/users.service.js';
import { AuditLog } from './audit-log.service.js';
import { AuditListDto, AuditQueryDto, DashboardDataDto } from './dto/admin.dto.js';

/** What spans modules: the dashboard and the audit log. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly dashboard: AdminDashboardService,
    private readonly audit: AuditLog,
    private readonly users: UsersService,
  ) {}

  @Get('getDashboardData')
  @ApiOkResponse({ type: DashboardDataDto })
  getDashboardData(): Promise<DashboardDataDto> {
    return this.dashboard.data();
  }

  @Get('audit')
  @ApiOkResponse({ type: AuditListDto, description: "A subject's history (a user, a payment, a moderation item), or the latest entries" })
  async list(@Query() query: AuditQueryDto): Promise<AuditListDto> {
    return { entries: await this.audit.list(query.subjectId, (ids) => this.users.contacts(ids)) };
  }
}
