import { CHAT_DUPLICATE_WINDOW_MS } from '@redpen/shared/chat-rules';
import type { ChatMessage } from './chat-events';

/** A message on screen: saved ones from the server, and the sender's own while they are on their way. */
export interface ThreadMessage extends ChatMessage {
  status: 'sent' | 'sending' | 'failed';
  /** Set on a message sent from this tab until the server's acknowledgement replaces it. */
  clientId?: string;
  /** When this tab first sent it (a retry keeps it): a saved copy cannot be much older. */
  sentAt?: string;
  error?: string;
}

export function fromServer(message: ChatMessage): ThreadMessage {
  return { ...message, status: 'sent' };
}

/**
 * Whether `incoming` is already shown: same id, or the same sender and content within
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

/**
 * Adds a message from the server unless it is a duplicate; an own copy not yet confirmed is confirmed in place (a
 * failed one too: a send whose answer was lost may still have been saved, and then it is this message).
 */
export function addIncoming(thread: ThreadMessage[], incoming: ChatMessage): ThreadMessage[] {
  const pending = thread.findIndex((m) => m.status !== 'sent' && m.sender === incoming.sender && m.content === incoming.content);
  if (pending >= 0) return confirm(thread, thread[pending]!.clientId!, incoming);
  if (isDuplicate(thread, incoming)) return thread;
  return [...thread, fromServer(incoming)];
}

export function addPending(thread: ThreadMessage[], message: Omit<ThreadMessage, 'status' | '_id'> & { clientId: string }): ThreadMessage[] {
  return [...thread, { ...message, _id: message.clientId, sentAt: message.timestamp, status: 'sending' }];
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

/** A conversation as its cache holds it: the messages on screen (own ones on their way included), oldest first. */
export interface ConversationData {
  messages: ThreadMessage[];
  /** Older messages exist on the server. */
  hasMore: boolean;
}

const at = (message: ChatMessage) => Date.parse(message.timestamp);

/** How far this device's clock may be from the server's when a saved copy of an own message is recognised. */
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * The thread read again (a reconnection, a thread shown again) merged with what is on screen: the server's page is the truth;
 * older pages loaded before stay when the page reaches back to them (else there is a gap and they go); a message
 * that arrived live while the request was out stays; an own message not yet confirmed stays unless the page has a
 * new message of the same sender and text, which is then the saved copy (its answer was lost), never shown twice.
 */
export function mergeFetched(current: ConversationData | undefined, page: { messages: ChatMessage[]; hasMore: boolean }): ConversationData {
  const fetched = page.messages.map(fromServer);
  if (!current) return { messages: fetched, hasMore: page.hasMore };
  const fetchedIds = new Set(fetched.map((m) => m._id));
  const saved = current.messages.filter((m) => m.status === 'sent');
  const known = new Set(saved.map((m) => m._id));
  const oldest = fetched[0];
  const newest = fetched[fetched.length - 1];
  const contiguous = saved.some((m) => fetchedIds.has(m._id));
  const older = oldest && contiguous ? saved.filter((m) => !fetchedIds.has(m._id) && at(m) < at(oldest)) : [];
  const live = saved.filter((m) => !fetchedIds.has(m._id) && (!newest || at(m) > at(newest)));
  const claimed = new Set<string>();
  const unconfirmed = current.messages.filter((local) => {
    if (local.status === 'sent') return false;
    const since = Date.parse(local.sentAt ?? local.timestamp) - CLOCK_SKEW_MS;
    const copy = fetched.find((m) => !known.has(m._id) && !claimed.has(m._id) && m.sender === local.sender && m.content === local.content && at(m) >= since);
    if (copy) claimed.add(copy._id);
    return !copy;
  });
  return { messages: [...older, ...fetched, ...live, ...unconfirmed], hasMore: older.length > 0 ? current.hasMore : page.hasMore };
}
