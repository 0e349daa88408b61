/**
 * The chat socket's events as the web app's provider uses them, derived from the contract the gateway implements
 * (`@redpen/shared/chat-events`): a renamed event or a changed payload fails the typecheck on both sides.
 */
import type * as Contract from '@redpen/shared/chat-events';
import type { Schema } from '../../api/client';

/** A message as the HTTP history answers it (the generated `ChatMessageDto`); socket payloads have the same shape. */
export type ChatMessage = Schema<'ChatMessageDto'>;

/** What the server sends: each event's payload. */
export type ChatServerEvents = { [K in keyof Contract.ChatServerEvents]: Parameters<Contract.ChatServerEvents[K]>[0] };

export type SendMessageAck = Contract.SendMessageAck;

type AckOf<F extends (...args: never[]) => void> = Parameters<NonNullable<Parameters<F>[1]>>[0];

/** What the client sends, and the acknowledgement each may be answered with. */
export type ChatClientEvents = {
  [K in 'sendMessage' | 'markRead']: { payload: Parameters<Contract.ChatClientEvents[K]>[0]; ack: AckOf<Contract.ChatClientEvents[K]> };
};
