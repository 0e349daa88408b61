import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { BanImpactDto } from './dto/tutoring.dto.js';
import { TutoringSessionsService, userNotFound } from './tutoring-sessions.service.js';

/** Tutoring as the admins see it: what a ban of someone would end (read before the ban dialog's Yes). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/tutoring')
export class AdminTutoringController {
  constructor(private readonly sessions: TutoringSessionsService) {}

  @Get('banImpact/:userId')
  @ApiOkResponse({ type: BanImpactDto, description: 'The counts of upcoming paid sessions and live unpaid holds a ban of this person would end now' })
  @ApiNotFoundResponse({ description: 'No such user (NOT_FOUND)' })
  banImpact(@Param('userId', new ParseUUIDPipe({ exceptionFactory: () => userNotFound() })) userId: string): Promise<BanImpactDto> {
    return this.sessions.banImpact(userId);
  }
}
