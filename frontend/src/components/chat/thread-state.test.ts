import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-events';
import { addIncoming, addPending, confirm, fail, fromServer, isDuplicate, retrying } from './thread-state';

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
