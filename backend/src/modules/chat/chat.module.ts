import { Module } from '@nestjs/common';
import { AuthTokensModule } from '../auth/auth-tokens.module.js';
import { AdminChatController } from './chat.admin.controller.js';
import { StudentChatController, TutorChatController } from './chat.controller.js';
import { ChatAdminService } from './chat-admin.service.js';
import { ChatGateway } from './chat.gateway.js';
import { ChatRealtime } from './chat-realtime.service.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { SocketAuth } from './socket-auth.service.js';

/**
 * Chat: the one message store, the socket gateway at /api/socket.io, the contacts/messages routes, and its admin
 * slice (`chat.admin.controller.ts` + `ChatAdminService`: the moderation view).
 * Exports `ChatService`: Essays and Tutoring call `openConversation` / `closeConversationContext`, and
 * whatever bans a user calls `disconnectUser`.
 */
@Module({
  imports: [AuthTokensModule],
  controllers: [StudentChatController, TutorChatController, AdminChatController],
  providers: [ChatRepository, ChatService, ChatAdminService, ChatRealtime, SocketAuth, ChatGateway],
  exports: [ChatService],
})
export class ChatModule {}
