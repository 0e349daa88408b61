/** Chat limits both sides check (spec part 2 §5, §9; issue 10). Both sides import it as `@redpen/shared/chat-rules`. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** A second copy of the same text within this window is a duplicate (spec part 2 §9). */
export const CHAT_DUPLICATE_WINDOW_MS = 1000;
/** Per-socket send limit: a token bucket refilled at `perSecond`, holding at most `burst`. */
export const CHAT_SEND_RATE = { perSecond: 10, burst: 20 } as const;
export const CHAT_HISTORY_PAGE = { default: 50, max: 100 } as const;
/** What replaces a masked contact detail in a message (the web app explains it beside the message). */
export const CHAT_MASK = '[hidden]';

/** The text as it will be sent, or null when there is nothing to send. */
export function normaliseChatText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length === 0 ? null : text;
}
