import { CHAT_DUPLICATE_WINDOW_MS } from '@redpen/shared/chat-rules';
import type { ChatMessage } from './chat-events';

/** A message on screen: saved ones from the server, and the sender's own while they are on their way. */
export interface ThreadMessage extends ChatMessage {
  status: 'sent' | 'sending' | 'failed';
  /** Set on a message sent from this tab until the server's acknowledgement replaces it. */
  clientId?: string;
  error?: string;
}

export function fromServer(message: ChatMessage): ThreadMessage {
  return { ...message, status: 'sent' };
}

/**
 * Whether `incoming` is already shown: same id, or (spec part 2 §9) the same sender and content within
 * one second, which also matches this tab's own message still waiting for its acknowledgement.
 */
export function isDuplicate(thread: ThreadMessage[], incoming: ChatMessage): boolean {
  const at = Date.parse(incoming.timestamp);
  return thread.some(
    (shown) =>
      shown._id === incoming._id ||
      (shown.sender === incoming.sender && shown.content === incoming.content && Math.abs(Date.parse(shown.timestamp) - at) <= CHAT_DUPLICATE_WINDOW_MS),
  );
}

/** Adds a message from the server unless it is a duplicate; an own pending copy is confirmed in place. */
export function addIncoming(thread: ThreadMessage[], incoming: ChatMessage): ThreadMessage[] {
  const pending = thread.findIndex((m) => m.status === 'sending' && m.sender === incoming.sender && m.content === incoming.content);
  if (pending >= 0) return confirm(thread, thread[pending]!.clientId!, incoming);
  if (isDuplicate(thread, incoming)) return thread;
  return [...thread, fromServer(incoming)];
}

export function addPending(thread: ThreadMessage[], message: Omit<ThreadMessage, 'status' | '_id'> & { clientId: string }): ThreadMessage[] {
  return [...thread, { ...message, _id: message.clientId, status: 'sending' }];
}

/** The acknowledgement: the pending copy becomes the saved message (unless the broadcast already added it). */
export function confirm(thread: ThreadMessage[], clientId: string, saved: ChatMessage): ThreadMessage[] {
  const alreadyShown = thread.some((m) => m._id === saved._id);
  return thread.flatMap((m) => {
    if (m.clientId !== clientId) return [m];
    return alreadyShown ? [] : [fromServer(saved)];
  });
}

export function fail(thread: ThreadMessage[], clientId: string, error: string): ThreadMessage[] {
  return thread.map((m) => (m.clientId === clientId ? { ...m, status: 'failed' as const, error } : m));
}

export function retrying(thread: ThreadMessage[], clientId: string): ThreadMessage[] {
  return thread.map((m) => (m.clientId === clientId ? { ...m, status: 'sending' as const, error: undefined, timestamp: new Date().toISOString() } : m));
}

/** Older history goes in front; anything already shown is skipped. */
export function prependOlder(thread: ThreadMessage[], older: ChatMessage[]): ThreadMessage[] {
  const known = new Set(thread.map((m) => m._id));
  return [...older.filter((m) => !known.has(m._id)).map(fromServer), ...thread];
}
