import { Module } from '@nestjs/common';
import { AuditLogModule } from '../admin/audit-log.module.js';
import { AuthTokensModule } from '../auth/auth-tokens.module.js';
import { SafeguardingModule } from '../safeguarding/safeguarding.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminChatController } from './chat.admin.controller.js';
import { StudentChatController, TutorChatController } from './chat.controller.js';
import { ChatAdminService } from './chat-admin.service.js';
import { ChatBansSubscriber } from './chat-bans.subscriber.js';
import { ChatContextsSubscriber } from './chat-contexts.subscriber.js';
import { ChatRevocationsSubscriber } from './chat-revocations.subscriber.js';
import { ChatSessionsSubscriber } from './chat-sessions.subscriber.js';
import { ChatGateway } from './chat.gateway.js';
import { ChatRealtime } from './chat-realtime.service.js';
import { ChatContactsReadModel } from './chat-contacts.read-model.js';
import { ChatModerationReadModel } from './chat-moderation.read-model.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { SocketAuth } from './socket-auth.service.js';
import './chat.mails.js';

/**
 * Chat: the one message store, the socket gateway at /api/socket.io, the contacts/messages routes, and its admin
 * slice (`chat.admin.controller.ts` + `ChatAdminService`: the moderation view). Conversations open and close on the
 * essays' and the sessions' domain events (ChatContextsSubscriber, ChatSessionsSubscriber). Exports `ChatService`:
 * whatever bans a user calls `disconnectUser`; the discussion sends through `sendMessage`.
 */
@Module({
  imports: [AuthTokensModule, UsersModule, AuditLogModule, SafeguardingModule],
  controllers: [StudentChatController, TutorChatController, AdminChatController],
  providers: [ChatRepository, ChatContactsReadModel, ChatModerationReadModel, ChatService, ChatAdminService, ChatRealtime, SocketAuth, ChatGateway, ChatContextsSubscriber, ChatSessionsSubscriber, ChatBansSubscriber, ChatRevocationsSubscriber],
  exports: [ChatService, ChatAdminService],
})
export class ChatModule {}
