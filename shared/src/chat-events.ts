// The chat socket's contract (docs/architecture.md "chat"): its path, every
// event's name and payload, and each acknowledgement. The gateway types its socket.io server with these maps and
// the web client its socket with the same two, so a renamed event or a changed payload fails the typecheck on
// both sides. Types only (and the path): socket.io is each side's own dependency.
import type { ErrorCode } from '@redpen/shared/error-codes';
import type { NotificationKind } from '@redpen/shared/notifications';

/** Where socket.io listens, under the API's prefix. */
export const CHAT_SOCKET_PATH = '/api/socket.io';

/** One saved message, as `receiveMessage` and the send acknowledgement carry it (the HTTP history's `ChatMessageDto`). */
export interface ChatMessagePayload {
  _id: string;
  sender: string;
  recipient: string;
  senderModel: 'Student' | 'Tutor';
  senderRole: 'student' | 'tutor';
  /** Already masked (safeguarding); `masked` lists the kinds of contact detail taken out. */
  content: string;
  timestamp: string;
  essayId: string | null;
  masked: ('phone' | 'email' | 'link' | 'handle')[];
}

/** A refused event, like the HTTP error body: answered through the ack, or as an `error` event when there is none. */
export interface ChatEventFailure {
  ok: false;
  message: string;
  code?: ErrorCode;
}

/** `join`: a socket may join only its own user's room (it already has at connection); kept for the spec's client. */
export type JoinRequest = string | { userId: string };
export type JoinAck = { ok: true } | ChatEventFailure;

/** `sendMessage`. The spec's client also sends `sender` and `senderRole`: ignored, the token decides who writes. */
export interface SendMessageRequest {
  recipient: string;
  content: string;
  /** The essay the message is about (a tutor without a verified DBS may write only in an essay's thread). */
  essayId?: string;
  /**
   * The sending app's id for this message (8–64 of A–Z a–z 0–9 _ -), kept by its retries: the server saves one
   * message per sender and client id, so a repeated send is answered with the message already saved (same `_id`).
   */
  clientId?: string;
  sender?: string;
  senderRole?: string;
}
export type SendMessageAck = { ok: true; _id: string; timestamp: string; message: ChatMessagePayload } | ChatEventFailure;

/** `markRead`: the reader's thread with `contactId` is read up to now. */
export interface MarkReadRequest {
  contactId: string;
}
export type MarkReadAck = { ok: true; contactId: string; readAt: string } | ChatEventFailure;

/** `presence`: someone the receiver talks to came online or went offline (on any API instance). */
export interface PresenceEvent {
  userId: string;
  online: boolean;
}

/** `messagesRead`: `readerId` has read the thread with `contactId` up to `readAt` (sent to both people). */
export interface MessagesReadEvent {
  readerId: string;
  contactId: string;
  readAt: string;
}

/** `notification`: a new entry of the receiver's notification list (the HTTP list's `NotificationDto`). */
export interface NotificationPayload {
  _id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app's page the notice is about (`/student/essay/…`), or null. */
  path: string | null;
  essayId: string | null;
  createdAt: string;
  readAt: string | null;
}

/** `essayChanged`: the other side acted on an essay the receiver is part of; whoever shows it reads it again. */
export interface EssayChangedEvent {
  essayId: string;
  /** The domain event that changed it (`essay.paid`, …), for logs and tests. */
  reason: string;
}

/** `notificationsRead`: the receiver read one notice (`id`) or all of them (`id` null) in another tab. */
export interface NotificationsReadEvent {
  id: string | null;
}

/**
 * What the client emits (socket.io's "emit events" of the client, "listen events" of the server). `sendMessage`
 * declares its ack as required so that `socket.timeout(ms).emit(…)` types the answer (socket.io's typings give an
 * optional ack no timeout error); the gateway still answers one sent without, by an `error` event.
 */
export interface ChatClientEvents {
  join: (room: JoinRequest, ack?: (answer: JoinAck) => void) => void;
  sendMessage: (message: SendMessageRequest, ack: (answer: SendMessageAck) => void) => void;
  markRead: (request: MarkReadRequest, ack?: (answer: MarkReadAck) => void) => void;
}

/** What the server emits to users' rooms. */
export interface ChatServerEvents {
  receiveMessage: (message: ChatMessagePayload) => void;
  presence: (event: PresenceEvent) => void;
  messagesRead: (event: MessagesReadEvent) => void;
  notification: (notice: NotificationPayload) => void;
  notificationsRead: (event: NotificationsReadEvent) => void;
  essayChanged: (event: EssayChangedEvent) => void;
  /** A refused event that came without an ack callback. */
  error: (failure: Omit<ChatEventFailure, 'ok'>) => void;
}
