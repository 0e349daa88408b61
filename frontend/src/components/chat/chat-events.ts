/**
 * The chat socket's events as the web app uses them (the gateway: backend/src/modules/chat/chat.gateway.ts).
 * The event names are the spec's; message payloads are the generated `ChatMessageDto`.
 */
import type { Schema } from '../../api/client';

export type ChatMessage = Schema<'ChatMessageDto'>;

/** What the server sends. */
export interface ChatServerEvents {
  receiveMessage: ChatMessage;
  presence: { userId: string; online: boolean };
  messagesRead: { readerId: string; contactId: string; readAt: string };
  /** The answer to an event sent without an ack callback that failed. */
  error: { message?: string; code?: string };
}

export type SendMessageAck = { ok: true; _id: string; timestamp: string; message: ChatMessage } | { ok: false; message: string; code?: string };

/** What the client sends, and the acknowledgement each may be answered with. */
export interface ChatClientEvents {
  /** The spec's client also sends `sender` and `senderRole`: the server ignores them (the token decides). */
  sendMessage: { payload: { recipient: string; content: string; essayId?: string; sender?: string; senderRole?: string }; ack: SendMessageAck };
  markRead: { payload: { contactId: string }; ack: { ok: boolean; message?: string } };
}
