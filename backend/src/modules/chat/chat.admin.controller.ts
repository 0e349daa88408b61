import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { PageQueryDto } from '../../common/pagination.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { ChatAdminService } from './chat-admin.service.js';
import { ChatModerationDto, ModerationResolvedDto, ResolveModerationDto } from './dto/chat.dto.js';

/** Safeguarding for the admins (Content & safeguarding, /admin/content): flagged messages, reports and blocks, and their resolution. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/chat')
export class AdminChatController {
  constructor(private readonly admin: ChatAdminService) {}

  @Get('moderation')
  @ApiOkResponse({ type: ChatModerationDto, description: 'One page of the queue: unresolved items first, oldest first; then resolved ones, latest resolution first' })
  @ApiBadRequestResponse({ description: 'page or limit out of range' })
  moderation(@Query() query: PageQueryDto): Promise<ChatModerationDto> {
    return this.admin.moderation(query);
  }

  @Post('moderation/resolve')
  @HttpCode(200)
  @ApiOkResponse({ type: ModerationResolvedDto })
  @ApiBadRequestResponse({ description: 'Warn or ban without one of the two people of the conversation' })
  @ApiNotFoundResponse({ description: 'No such message, report or blocked conversation' })
  @ApiConflictResponse({ description: 'Already resolved' })
  @ApiForbiddenResponse({ description: 'Banning an admin (CANNOT_BAN_ADMIN)' })
  resolve(@CurrentUser() admin: AuthenticatedUser, @Body() body: ResolveModerationDto): Promise<ModerationResolvedDto> {
    return this.admin.resolve(admin.id, body);
  }
}
