import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import {
  NotificationPreferencesDto,
  NotificationReadDto,
  NotificationsDto,
  NotificationsQueryDto,
  NotificationsReadAllDto,
  UpdateNotificationPreferencesDto,
} from './dto/notifications.dto.js';
import { notificationNotFound, NotificationsService } from './notifications.service.js';

/**
 * The signed-in person's notification list and switches (additions beyond the spec, docs/api-additions
 * in docs/architecture.md "notifications"). One list per person, whichever role they are using.
 */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('student', 'tutor')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOkResponse({ type: NotificationsDto })
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: NotificationsQueryDto): Promise<NotificationsDto> {
    return this.notifications.list(user.id, query.before, query.beforeId);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOkResponse({ type: NotificationsReadAllDto })
  readAll(@CurrentUser() user: AuthenticatedUser): Promise<NotificationsReadAllDto> {
    return this.notifications.markAllRead(user.id);
  }

  @Get('preferences')
  @ApiOkResponse({ type: NotificationPreferencesDto })
  preferences(@CurrentUser() user: AuthenticatedUser): Promise<NotificationPreferencesDto> {
    return this.notifications.preferences(user.id);
  }

  @Put('preferences')
  @ApiOkResponse({ type: NotificationPreferencesDto })
  @ApiUnprocessableEntityResponse({ description: 'A kind about money or deadlines cannot be switched off' })
  setPreferences(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateNotificationPreferencesDto): Promise<NotificationPreferencesDto> {
    return this.notifications.setPreferences(user.id, body.muted);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOkResponse({ type: NotificationReadDto })
  // An id that is not a UUID names no notice: the same 404 as someone else's.
  @ApiNotFoundResponse({ description: 'No such notice of yours' })
  read(@CurrentUser() user: AuthenticatedUser, @Param('id', new ParseUUIDPipe({ exceptionFactory: notificationNotFound })) id: string): Promise<NotificationReadDto> {
    return this.notifications.markRead(user.id, id);
  }
}
