import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-events';
import { addIncoming, addPending, confirm, fail, fromServer, isDuplicate, mergeFetched, retrying } from './thread-state';

const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: 'm1',
  sender: 'tutor',
  recipient: 'me',
  senderModel: 'Tutor',
  senderRole: 'tutor',
  content: 'Hello',
  timestamp: '2026-01-01T10:00:00.000Z',
  essayId: null,
  masked: [],
  ...over,
});

describe('thread dedupe', () => {
  it('skips a message with an id already shown', () => {
    const thread = [fromServer(message())];
    expect(addIncoming(thread, message({ content: 'edited copy' }))).toBe(thread);
  });

  it('skips the same content from the same sender within one second, not after', () => {
    const thread = [fromServer(message())];
    expect(isDuplicate(thread, message({ _id: 'm2', timestamp: '2026-01-01T10:00:00.900Z' }))).toBe(true);
    expect(isDuplicate(thread, message({ _id: 'm2', timestamp: '2026-01-01T10:00:01.500Z' }))).toBe(false);
    expect(isDuplicate(thread, message({ _id: 'm2', sender: 'me', timestamp: '2026-01-01T10:00:00.500Z' }))).toBe(false);
    expect(addIncoming(thread, message({ _id: 'm3', timestamp: '2026-01-01T10:00:05.000Z' }))).toHaveLength(2);
  });

  it('shows an own message once whether the broadcast or the acknowledgement arrives first', () => {
    const pending = addPending([], { clientId: 'c1', sender: 'me', recipient: 'tutor', content: 'Hi', timestamp: '2026-01-01T10:00:00.000Z', senderModel: 'Student', senderRole: 'student', essayId: null, masked: [] });
    const saved = message({ _id: 'saved', sender: 'me', recipient: 'tutor', content: 'Hi', senderRole: 'student', senderModel: 'Student' });
    const broadcastFirst = confirm(addIncoming(pending, saved), 'c1', saved);
    const ackFirst = addIncoming(confirm(pending, 'c1', saved), saved);
    for (const thread of [broadcastFirst, ackFirst]) expect(thread.map((m) => [m._id, m.status])).toEqual([['saved', 'sent']]);
  });

  it('marks a failed send and lets it be retried', () => {
    const pending = addPending([], { clientId: 'c1', sender: 'me', recipient: 'tutor', content: 'Hi', timestamp: '2026-01-01T10:00:00.000Z', senderModel: 'Student', senderRole: 'student', essayId: null, masked: [] });
    const failed = fail(pending, 'c1', 'This conversation is blocked.');
    expect(failed[0]).toMatchObject({ status: 'failed', error: 'This conversation is blocked.' });
    expect(retrying(failed, 'c1')[0]).toMatchObject({ status: 'sending', error: undefined });
  });
});

describe('a thread read again (mergeFetched)', () => {
  const mineAt = (id: string, content: string, timestamp: string) => message({ _id: id, sender: 'me', recipient: 'tutor', senderRole: 'student', senderModel: 'Student', content, timestamp });
  const pendingHi = (timestamp = '2026-01-01T10:00:00.000Z') =>
    addPending([fromServer(message())], { clientId: 'c1', sender: 'me', recipient: 'tutor', content: 'Hi', timestamp, senderModel: 'Student', senderRole: 'student', essayId: null, masked: [] });

  it('keeps an own message not yet confirmed, and a message that arrived live while the request was out', () => {
    const live = message({ _id: 'live', content: 'Just now', timestamp: '2026-01-01T10:05:00.000Z' });
    const merged = mergeFetched({ messages: [...pendingHi(), fromServer(live)], hasMore: false }, { messages: [message()], hasMore: false });
    // What the server has first; the own message it has not confirmed yet stays last.
    expect(merged.messages.map((m) => [m._id, m.status])).toEqual([['m1', 'sent'], ['live', 'sent'], ['c1', 'sending']]);
  });

  it('takes a new saved copy of a failed own message as that message (its answer was lost), not an old one of the same text', () => {
    const failed = fail(pendingHi(), 'c1', 'no answer from the server');
    const page = { messages: [message(), mineAt('old-hi', 'Hi', '2025-12-01T10:00:00.000Z'), mineAt('saved-hi', 'Hi', '2026-01-01T10:00:00.200Z')], hasMore: false };
    expect(mergeFetched({ messages: failed, hasMore: false }, page).messages.map((m) => [m._id, m.status])).toEqual([
      ['m1', 'sent'],
      ['old-hi', 'sent'],
      ['saved-hi', 'sent'],
    ]);
    // A copy already on screen is another message: the failed one stays.
    const shown = [...failed.slice(0, 1), fromServer(page.messages[2]!), ...failed.slice(1)];
    expect(mergeFetched({ messages: shown, hasMore: false }, page).messages.map((m) => [m._id, m.status])).toContainEqual(['c1', 'failed']);
  });

  it('keeps older pages when the new page reaches them, and drops them across a gap', () => {
    const older = message({ _id: 'm0', content: 'Older', timestamp: '2026-01-01T09:00:00.000Z' });
    const current = { messages: [fromServer(older), fromServer(message())], hasMore: true };
    const next = message({ _id: 'm2', content: 'Next', timestamp: '2026-01-01T11:00:00.000Z' });
    expect(mergeFetched(current, { messages: [message(), next], hasMore: true })).toMatchObject({ hasMore: true, messages: [{ _id: 'm0' }, { _id: 'm1' }, { _id: 'm2' }] });
    const far = message({ _id: 'm99', content: 'Much later', timestamp: '2026-01-02T11:00:00.000Z' });
    const gap = mergeFetched(current, { messages: [far], hasMore: true });
    expect(gap.messages.map((m) => m._id)).toEqual(['m99']);
    expect(gap.hasMore).toBe(true);
  });
});
