import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/decorators/roles.decorator.js';
import { ChatAdminService } from './chat-admin.service.js';
import { ChatModerationDto } from './dto/chat.dto.js';

/** Safeguarding for the admins: flagged messages, reports and blocks (the moderation screen comes with the admin area). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/chat')
export class AdminChatController {
  constructor(private readonly admin: ChatAdminService) {}

  @Get('moderation')
  @ApiOkResponse({ type: ChatModerationDto })
  moderation(): Promise<ChatModerationDto> {
    return this.admin.moderation();
  }
}
