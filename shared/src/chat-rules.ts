/** Chat limits both sides check. Both sides import it as `@redpen/shared/chat-rules`. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** A second copy of the same text within this window is a duplicate. */
export const CHAT_DUPLICATE_WINDOW_MS = 1000;
/**
 * Messages one user may send in `durationSeconds`, over every socket and the essay discussion's HTTP route together
 * (one count per user in Redis, shared by every API instance). Past it: `RATE_LIMITED`.
 */
export const CHAT_SEND_LIMIT = { name: 'chat-send', points: 20, durationSeconds: 10 } as const;
export const CHAT_HISTORY_PAGE = { default: 50, max: 100 } as const;
/**
 * A send's client id (optional): chosen by the sending app, kept by its retries. The server saves one message per
 * sender and client id, so a repeated send answers the message already saved instead of a second copy.
 */
export const CHAT_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const CHAT_CLIENT_ID_MESSAGE = 'clientId must be 8 to 64 letters, digits, hyphens or underscores';
/** What replaces a masked contact detail in a message (the web app explains it beside the message). */
export const CHAT_MASK = '[hidden]';

/** The text as it will be sent, or null when there is nothing to send. */
export function normaliseChatText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length === 0 ? null : text;
}
