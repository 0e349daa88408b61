import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException, coded } from '../../common/errors.js';
import { UUID } from '../../common/uuid.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { ChatServerEvents } from '@redpen/shared/chat-events';
import type { ChatMessageRow } from './chat.schema.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { CHAT_CLIENT_ID_MESSAGE, CHAT_CLIENT_ID_PATTERN, CHAT_HISTORY_PAGE, CHAT_MESSAGE_MAX_LENGTH, normaliseChatText } from '@redpen/shared/chat-rules';
import { canMarkRead, canReadConversation, canSendMessage } from './chat.access.js';
import { ChatRealtime } from './chat-realtime.service.js';
import { ChatContactsReadModel, type ThreadView } from './chat-contacts.read-model.js';
import { ChatRepository, type ChatContextKind, type ChatSide } from './chat.repository.js';
import type { ChatContactDto, ChatMessageDto, ChatMessagesDto } from './dto/chat.dto.js';
import { SafeguardingService, type MaskKind } from '../safeguarding/safeguarding.service.js';
import './chat.events.js';


export interface ChatSender {
  id: string;
  /** The token's role: picks the side when a user with both profiles talks to someone both ways round. */
  role: 'student' | 'tutor' | 'admin';
}

export interface SendMessageInput {
  recipient: unknown;
  content: unknown;
  essayId?: unknown;
  /** The sending app's id for this send, kept by its retries (optional): a repeat answers the message saved. */
  clientId?: unknown;
}

export interface SendOptions {
  /**
   * The caller has just looked the client id up and found no message (the chat socket does, before counting the send):
   * not read again. A repeat racing in between is still answered with the saved message (the insert's conflict).
   */
  repeatChecked?: boolean;
}

/** A send's client id: none, or 8–64 of [A-Za-z0-9_-] (else 400). */
export function parseClientId(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !CHAT_CLIENT_ID_PATTERN.test(value)) throw new ValidationFailedException([{ field: 'clientId', message: CHAT_CLIENT_ID_MESSAGE }]);
  return value;
}

export function presentMessage(row: ChatMessageRow): ChatMessageDto {
  return {
    _id: row.id,
    sender: row.senderId,
    recipient: row.recipientId,
    senderModel: row.senderRole === 'student' ? 'Student' : 'Tutor',
    senderRole: row.senderRole,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    essayId: row.essayId,
    masked: row.flags as MaskKind[],
  };
}

const notContact = () => new ForbiddenException(coded('CHAT_NOT_A_CONTACT', 'You can only message your own students and tutors.'));

/**
 * The one message store. Essays and Tutoring open conversations through
 * `openConversation`; the gateway and controllers read and write through the rest. Every call checks that
 * the caller is a participant of the thread it touches.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly contactsModel: ChatContactsReadModel,
    private readonly realtime: ChatRealtime,
    private readonly storage: StorageService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly safeguarding: SafeguardingService,
  ) {}

  /** Makes a student and a tutor contacts because of an essay (from acceptance) or a confirmed session. Idempotent. */
  async openConversation(studentId: string, tutorId: string, context: { kind: ChatContextKind; id: string }): Promise<string> {
    return this.repository.openConversation(studentId, tutorId, context.kind, context.id);
  }

  /** The essay went back to the pool or the session was cancelled: that reason to talk is gone. */
  async closeConversationContext(context: { kind: ChatContextKind; id: string }): Promise<void> {
    await this.repository.closeContext(context.kind, context.id);
  }

  /** Ends a banned user's live sockets on every instance; the handshake refuses them from now on. */
  disconnectUser(userId: string): void {
    this.realtime.disconnectUser(userId);
  }

  /**
   * The sender's message already saved under this client id (a repeated send), or undefined (also when the id is
   * absent or malformed: `sendMessage` refuses that). The chat socket asks first, so a repeat is not rate-limited.
   */
  async findSent(senderId: string, clientId: unknown): Promise<ChatMessageDto | undefined> {
    if (typeof clientId !== 'string' || !CHAT_CLIENT_ID_PATTERN.test(clientId)) return undefined;
    const row = await this.repository.findByClientId(senderId, clientId);
    return row && presentMessage(row);
  }

  /**
   * Validates, checks the contact rules, masks, saves — and only then emits to both users' rooms. Idempotent per
   * sender and `clientId`: a send whose client id the sender already used answers that saved message (same id)
   * and saves, flags, records and emits nothing again, even when the two sends race (the unique index decides).
   */
  async sendMessage(sender: ChatSender, input: SendMessageInput, options: SendOptions = {}): Promise<ChatMessageDto> {
    const content = normaliseChatText(input.content);
    if (content === null) throw new ValidationFailedException([{ field: 'content', message: 'Message cannot be empty' }]);
    if (content.length > CHAT_MESSAGE_MAX_LENGTH) {
      throw new ValidationFailedException([{ field: 'content', message: `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }]);
    }
    if (typeof input.recipient !== 'string' || !UUID.test(input.recipient)) {
      throw new ValidationFailedException([{ field: 'recipient', message: 'Recipient is required' }]);
    }
    const essayId = input.essayId === undefined || input.essayId === null || input.essayId === '' ? null : input.essayId;
    if (essayId !== null && (typeof essayId !== 'string' || !UUID.test(essayId))) {
      throw new ValidationFailedException([{ field: 'essayId', message: 'essayId must be an essay id' }]);
    }
    const clientId = parseClientId(input.clientId);
    // A repeat of a send already saved (its answer was lost) answers that message, whatever has changed since.
    const earlier = clientId === null || options.repeatChecked ? undefined : await this.repository.findByClientId(sender.id, clientId);
    if (earlier) return presentMessage(earlier);
    const thread = await this.contactsModel.findThread(sender.id, input.recipient, sender.role === 'admin' ? undefined : sender.role);
    // Whether the essay a message names is still one of the thread's (a closed essay's thread takes no more).
    const essayOpen = Boolean(thread && essayId && (await this.repository.hasEssayContext(thread.conversation.id, essayId)));
    const access = canSendMessage(thread, essayOpen, essayId !== null && !essayOpen);
    if (!thread || access === 'not-a-contact') throw notContact();
    if (access === 'blocked') throw new ForbiddenException(coded('CHAT_BLOCKED', 'This conversation is blocked.'));
    if (access === 'dbs-required') {
      throw new ForbiddenException(coded('CHAT_DBS_REQUIRED', 'Without a verified DBS check you can only message a student about an essay you hold.'));
    }
    if (access === 'essay-closed') throw new ForbiddenException(coded('CHAT_ESSAY_CLOSED', 'This essay’s conversation is closed: it is no longer with this tutor.'));
    const masked = this.safeguarding.screen(content);
    const values = {
      conversationId: thread.conversation.id,
      senderId: sender.id,
      recipientId: thread.contactId,
      senderRole: thread.side,
      content: masked.text,
      essayId,
      flags: masked.kinds,
      clientId,
      // The app's clock, as the read marks are (a message is unread when it is newer than the reader's mark).
      createdAt: this.clock.now(),
    };
    // Presence is a socket open anywhere (any page of the app, any instance). Someone away hears of it by email
    // later (Notifications batches them): the event commits with the message, as a flagged message's safeguarding
    // flag (its original, for the moderators) does.
    // A send that loses the race to a concurrent one with its client id saves nothing: the winner's row answers it,
    // read after the insert (which waited for the winner's commit), and nothing is flagged, recorded or emitted.
    const online = await this.realtime.isOnline(thread.contactId);
    const saved =
      online && masked.kinds.length === 0
        ? await this.repository.insertMessage(values)
        : await this.events.transaction(async (tx) => {
            const row = await this.repository.insertMessage(values, tx);
            if (!row) return undefined;
            await this.safeguarding.flag(masked, { kind: 'chat_message', id: row.id, authorId: sender.id, readerId: thread.contactId }, tx);
            if (online) return row;
            await this.events.record(tx, 'chat.messageMissed', {
              messageId: row.id,
              conversationId: row.conversationId,
              senderId: row.senderId,
              recipientId: row.recipientId,
              recipientSide: thread.side === 'student' ? 'tutor' : 'student',
              sentAt: row.createdAt.toISOString(),
            });
            return row;
          });
    if (!saved) {
      const winner = await this.repository.findByClientId(sender.id, clientId!);
      // Gone already (its conversation or a user deleted meanwhile): this send is then no longer wanted either.
      if (!winner) throw notContact();
      return presentMessage(winner);
    }
    const message = presentMessage(saved);
    this.realtime.emitMessage(message);
    return message;
  }

  async contacts(userId: string, side: ChatSide): Promise<ChatContactDto[]> {
    const rows = await this.contactsModel.contacts(userId, side);
    const online = await this.realtime.onlineAmong(rows.map((row) => row.contactId));
    return Promise.all(
      rows.map(async (row) => ({
        _id: row.contactId,
        name: row.name,
        profilePicture: row.pictureKey ? await this.storage.presignedDownloadUrl(row.pictureKey) : null,
        lastMessage: row.lastMessage
          ? { _id: row.lastMessage.id, sender: row.lastMessage.senderId, content: row.lastMessage.content, timestamp: row.lastMessage.createdAt.toISOString() }
          : null,
        unreadCount: row.unreadCount,
        online: online.has(row.contactId),
        blocked: row.blocked,
      })),
    );
  }

  async history(userId: string, side: ChatSide, contactId: string, query: { before?: string; limit?: number }): Promise<ChatMessagesDto> {
    const thread = await this.thread(userId, side, contactId);
    const { rows, hasMore } = await this.repository.history(thread.conversation.id, query.limit ?? CHAT_HISTORY_PAGE.default, query.before);
    return { messages: rows.map(presentMessage), hasMore };
  }

  /** Marks the thread read up to now and tells both sides (the reader's other tabs clear their badge). */
  async markRead(sender: ChatSender, contactId: unknown): Promise<{ contactId: string; readAt: string }> {
    if (typeof contactId !== 'string' || !UUID.test(contactId)) throw new ValidationFailedException([{ field: 'contactId', message: 'contactId is required' }]);
    const thread = await this.contactsModel.findThread(sender.id, contactId, sender.role === 'admin' ? undefined : sender.role);
    if (!canMarkRead(thread)) throw notContact();
    const readAt = (await this.repository.markRead(thread.conversation.id, thread.side, this.clock.now())).toISOString();
    this.realtime.emitTo([thread.contactId], 'messagesRead', { readerId: sender.id, contactId: thread.contactId, readAt });
    this.realtime.emitTo([sender.id], 'messagesRead', { readerId: sender.id, contactId: thread.contactId, readAt });
    return { contactId: thread.contactId, readAt };
  }

  async report(userId: string, side: ChatSide, contactId: string, reason: string): Promise<void> {
    const thread = await this.thread(userId, side, contactId);
    await this.repository.insertReport(thread.conversation.id, userId, reason);
  }

  /** Only the student blocks (safeguarding): no messages either way until unblocked. */
  async setBlocked(studentId: string, tutorId: string, blocked: boolean): Promise<void> {
    const thread = await this.thread(studentId, 'student', tutorId);
    await this.repository.setBlocked(thread.conversation.id, blocked ? this.clock.now() : null);
  }

  /**
   * What `recipientId` has not read of a conversation, for the batched email (Notifications): the count, the latest
   * message (already masked) and who sent it; nothing when all is read.
   */
  async unreadFor(conversationId: string, recipientId: string): Promise<{ count: number; latest: ChatMessageDto; side: ChatSide } | undefined> {
    const unread = await this.repository.unreadFor(conversationId, recipientId);
    return unread && { count: unread.count, latest: presentMessage(unread.latest), side: unread.side };
  }

  /** Whether the user has the app open anywhere (a socket on any instance). */
  isOnline(userId: string): Promise<boolean> {
    return this.realtime.isOnline(userId);
  }

  /** Sends a server event to every open socket of these users (any page, any instance): live notices and page updates. */
  push<E extends keyof ChatServerEvents>(userIds: string[], event: E, ...payload: Parameters<ChatServerEvents[E]>): void {
    this.realtime.emitTo(userIds, event, ...payload);
  }

  /** User ids who should hear this user's presence. */
  async presenceAudience(userId: string): Promise<string[]> {
    return this.repository.contactIds(userId);
  }

  /** The thread on the caller's side of the route; anyone else is refused the same way whether it exists or not. */
  private async thread(userId: string, side: ChatSide, contactId: string): Promise<ThreadView> {
    if (!UUID.test(contactId)) throw new NotFoundException(coded('NOT_FOUND', 'Conversation not found.'));
    const thread = await this.contactsModel.findThread(userId, contactId, side);
    if (!canReadConversation(side, thread)) throw notContact();
    return thread;
  }
}
