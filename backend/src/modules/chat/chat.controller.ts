import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { ChatService } from './chat.service.js';
import { WriteLimit } from '../../common/rate-limit/write-limit.decorator.js';
import { CHAT_BLOCK_LIMIT, CHAT_REPORT_LIMIT } from './chat-limits.js';
import {
  ChatDoneDto,
  ChatHistoryQueryDto,
  ChatMessagesDto,
  ChatReportDto,
  StudentContactsDto,
  TutorContactsDto,
} from './dto/chat.dto.js';

/** The student's side of chat, plus report and block. */
@ApiTags('chat')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('getAllContacts')
  @ApiOkResponse({ type: StudentContactsDto })
  async contacts(@CurrentUser() user: AuthenticatedUser): Promise<StudentContactsDto> {
    return { tutors: await this.chat.contacts(user.id, 'student') };
  }

  @Get('messages/:tutorId')
  @ApiOkResponse({ type: ChatMessagesDto })
  @ApiForbiddenResponse({ description: 'Not your conversation (CHAT_NOT_A_CONTACT)' })
  messages(@CurrentUser() user: AuthenticatedUser, @Param('tutorId') tutorId: string, @Query() query: ChatHistoryQueryDto): Promise<ChatMessagesDto> {
    return this.chat.history(user.id, 'student', tutorId, query);
  }

  @Post('chats/:tutorId/report')
  @WriteLimit(CHAT_REPORT_LIMIT)
  @HttpCode(201)
  @ApiOkResponse({ type: ChatDoneDto })
  async report(@CurrentUser() user: AuthenticatedUser, @Param('tutorId') tutorId: string, @Body() body: ChatReportDto): Promise<ChatDoneDto> {
    await this.chat.report(user.id, 'student', tutorId, body.reason);
    return { message: 'Thank you. Our team will review this conversation.' };
  }

  @Post('chats/:tutorId/block')
  @WriteLimit(CHAT_BLOCK_LIMIT)
  @HttpCode(200)
  @ApiOkResponse({ type: ChatDoneDto })
  async block(@CurrentUser() user: AuthenticatedUser, @Param('tutorId') tutorId: string): Promise<ChatDoneDto> {
    await this.chat.setBlocked(user.id, tutorId, true);
    return { message: 'Tutor blocked' };
  }

  @Delete('chats/:tutorId/block')
  @WriteLimit(CHAT_BLOCK_LIMIT)
  @ApiOkResponse({ type: ChatDoneDto })
  async unblock(@CurrentUser() user: AuthenticatedUser, @Param('tutorId') tutorId: string): Promise<ChatDoneDto> {
    await this.chat.setBlocked(user.id, tutorId, false);
    return { message: 'Tutor unblocked' };
  }
}

/** The tutor's side of chat. */
@ApiTags('chat')
@ApiBearerAuth()
@Roles('tutor')
@Controller('tutor')
export class TutorChatController {
  constructor(private readonly chat: ChatService) {}

  @Get('getAllContactsForTutor')
  @ApiOkResponse({ type: TutorContactsDto })
  async contacts(@CurrentUser() user: AuthenticatedUser): Promise<TutorContactsDto> {
    return { students: await this.chat.contacts(user.id, 'tutor') };
  }

  @Get('messages/:studentId')
  @ApiOkResponse({ type: ChatMessagesDto })
  @ApiForbiddenResponse({ description: 'Not your conversation (CHAT_NOT_A_CONTACT)' })
  messages(@CurrentUser() user: AuthenticatedUser, @Param('studentId') studentId: string, @Query() query: ChatHistoryQueryDto): Promise<ChatMessagesDto> {
    return this.chat.history(user.id, 'tutor', studentId, query);
  }

  @Post('chats/:studentId/report')
  @WriteLimit(CHAT_REPORT_LIMIT)
  @HttpCode(201)
  @ApiOkResponse({ type: ChatDoneDto })
  async report(@CurrentUser() user: AuthenticatedUser, @Param('studentId') studentId: string, @Body() body: ChatReportDto): Promise<ChatDoneDto> {
    await this.chat.report(user.id, 'tutor', studentId, body.reason);
    return { message: 'Thank you. Our team will review this conversation.' };
  }
}
