import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatSocket, type ChatSocketDouble } from '../../test/chat-socket-double';
import { jsonResponse, stubApi } from '../../test/fetch';
import { TestProviders } from '../../test/render';
import { ChatSocketProvider } from './ChatSocketProvider';
import type { ChatMessage } from './chat-events';
import { chatKeys } from './chat-keys';
import { conversationQuery } from './conversation';
import type { ConversationData } from './thread-state';
import { useConversation, type ConversationOptions } from './useConversation';

const ME = 'tutor-1';
const STUDENT = 'student-1';
const THREAD = `GET /api/tutor/messages/${STUDENT}`;

const saved = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: 'm1',
  sender: STUDENT,
  recipient: ME,
  senderModel: 'Student',
  senderRole: 'student',
  content: 'Hello!',
  timestamp: new Date(Date.now() - 60_000).toISOString(),
  essayId: null,
  masked: [],
  ...over,
});
const mine = (over: Partial<ChatMessage> = {}) => saved({ sender: ME, recipient: STUDENT, senderModel: 'Tutor', senderRole: 'tutor', timestamp: new Date().toISOString(), ...over });

let server: ChatMessage[];
let calls: { key: string }[];
let queryClient: QueryClient;

beforeEach(() => {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: ME, role: 'tutor', name: 'Theo', onboardingCompleted: true }));
  server = [saved()];
  calls = stubApi({ [THREAD]: () => jsonResponse(200, { messages: server, hasMore: false }) }).calls;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <TestProviders queryClient={queryClient}>
    <ChatSocketProvider>{children}</ChatSocketProvider>
  </TestProviders>
);

const loads = () => calls.filter((c) => c.key === THREAD).length;
const cached = () => queryClient.getQueryData<ConversationData>(chatKeys.messages('tutor', STUDENT))?.messages;
const shown = (messages: { content: string; status: string }[]) => messages.map((m) => `${m.content} (${m.status})`);

/** The conversation with the student, loaded, on a socket the server accepted. */
async function open(options: Partial<ConversationOptions> = {}): Promise<{ result: { current: ReturnType<typeof useConversation> }; socket: ChatSocketDouble }> {
  const { result } = renderHook(() => useConversation({ role: 'tutor', contactId: STUDENT, myId: ME, ...options }), { wrapper });
  const socket = await chatSocket();
  socket.serverAccepts();
  await waitFor(() => expect(result.current.loading).toBe(false));
  return { result, socket };
}

describe('useConversation', { timeout: 30_000 }, () => {
  it('takes a live message from the socket into the cache, once, and into a cached thread that is not open too', async () => {
    queryClient.setQueryData<ConversationData>(chatKeys.messages('tutor', 'student-2'), { messages: [], hasMore: false });
    const { result, socket } = await open();
    expect(shown(result.current.messages)).toEqual(['Hello! (sent)']);
    const live = saved({ _id: 'm2', content: 'Is 1,600 fine?', timestamp: new Date().toISOString() });
    socket.serverEmits('receiveMessage', live);
    socket.serverEmits('receiveMessage', live);
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Is 1,600 fine? (sent)']));
    expect(cached()).toEqual(result.current.messages);
    socket.serverEmits('receiveMessage', saved({ _id: 'm3', sender: 'student-2', content: 'From someone else' }));
    expect(queryClient.getQueryData<ConversationData>(chatKeys.messages('tutor', 'student-2'))?.messages.map((m) => m._id)).toEqual(['m3']);
    expect(result.current.messages.map((m) => m._id)).toEqual(['m1', 'm2']);
    // Live only: nothing is read again on a timer or on focus.
    expect(conversationQuery('tutor', STUDENT).refetchInterval).toBeUndefined();
    expect(loads()).toBe(1);
  });

  it('shows a send at once and confirms it with the acknowledgement; the echoed broadcast is not a second copy', async () => {
    const { result, socket } = await open();
    act(() => result.current.send('Shall we say 1600?'));
    // Before any answer (TanStack Query tells its observers on the next tick).
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Shall we say 1600? (sending)']));
    const emitted = socket.sentOf('sendMessage')[0]!;
    expect(emitted.payload).toMatchObject({ recipient: STUDENT, content: 'Shall we say 1600?' });
    expect(emitted.payload).not.toHaveProperty('essayId');
    const copy = mine({ _id: 'm9', content: 'Shall we say 1600?' });
    await socket.serverAnswers(emitted, { ok: true, _id: copy._id, timestamp: copy.timestamp, message: copy });
    socket.serverEmits('receiveMessage', copy);
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Shall we say 1600? (sent)']));
    expect(result.current.messages[1]!._id).toBe('m9');
  });

  it('marks a send without an answer as failed; Retry re-sends it with the same client id and the server’s saved copy confirms it', async () => {
    const { result, socket } = await open();
    act(() => result.current.send('Deal?'));
    const first = socket.sentOf('sendMessage')[0]!;
    const clientId: string = first.payload.clientId;
    expect(clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first.payload).toMatchObject({ recipient: STUDENT, content: 'Deal?', clientId });
    // The server saved it, but its answer (and the broadcast) were lost with the connection.
    const copy = mine({ _id: 'm5', content: 'Deal?' });
    server = [...server, copy];
    await socket.answerTimesOut(first);
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Deal? (failed)']));
    act(() => result.current.retry(clientId));
    // Sent again at once, the thread not read first: the server dedupes by client id and answers the saved copy.
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    expect(socket.sentOf('sendMessage')[1]!.payload).toMatchObject({ recipient: STUDENT, content: 'Deal?', clientId });
    expect(loads()).toBe(1);
    await socket.serverAnswers(socket.sentOf('sendMessage')[1]!, { ok: true, _id: copy._id, timestamp: copy.timestamp, message: copy });
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Deal? (sent)']));
    expect(result.current.messages[1]!._id).toBe('m5');
  });

  it('retries a refused send with the same message, once, and shows it once when confirmed', async () => {
    const { result, socket } = await open();
    act(() => result.current.send('Hello again'));
    await socket.serverAnswers(socket.sentOf('sendMessage')[0]!, { ok: false, message: 'You are sending messages too quickly. Please slow down.', code: 'RATE_LIMITED' });
    await waitFor(() => expect(result.current.messages[1]).toMatchObject({ status: 'failed', error: 'You are sending messages too quickly. Please slow down.' }));
    const clientId = result.current.messages[1]!.clientId!;
    act(() => result.current.retry(clientId));
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    const second = socket.sentOf('sendMessage')[1]!;
    expect(second.payload).toMatchObject({ recipient: STUDENT, content: 'Hello again', clientId });
    expect(result.current.messages[1]).toMatchObject({ clientId, status: 'sending' });
    const copy = mine({ _id: 'm6', content: 'Hello again' });
    socket.serverEmits('receiveMessage', copy);
    await socket.serverAnswers(second, { ok: true, _id: copy._id, timestamp: copy.timestamp, message: copy });
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Hello again (sent)']));
  });

  it('reads the thread again after a reconnection, keeping an own message still on its way', async () => {
    const { result, socket } = await open();
    expect(loads()).toBe(1);
    socket.serverDrops();
    server = [...server, saved({ _id: 'm4', content: 'Sent while you were away', timestamp: new Date().toISOString() })];
    act(() => result.current.send('Are you there?'));
    socket.serverAccepts();
    await waitFor(() => expect(shown(result.current.messages)).toEqual(['Hello! (sent)', 'Sent while you were away (sent)', 'Are you there? (sending)']));
    expect(loads()).toBe(2);
  });

  it('is one cache for the chats and an essay’s discussion: a send from the discussion carries the essay and shows in both', async () => {
    const { result } = renderHook(
      () => ({
        discussion: useConversation({ role: 'tutor', contactId: STUDENT, myId: ME, essayId: 'essay-1' }),
        chats: useConversation({ role: 'tutor', contactId: STUDENT, myId: ME }),
      }),
      { wrapper },
    );
    const socket = await chatSocket();
    socket.serverAccepts();
    await waitFor(() => expect(result.current.chats.loading).toBe(false));
    act(() => result.current.discussion.send('About the essay'));
    expect(socket.sentOf('sendMessage')[0]!.payload).toMatchObject({ recipient: STUDENT, content: 'About the essay', essayId: 'essay-1' });
    await waitFor(() => expect(shown(result.current.chats.messages)).toEqual(['Hello! (sent)', 'About the essay (sending)']));
    socket.serverEmits('receiveMessage', saved({ _id: 'm8', content: 'Agreed', timestamp: new Date().toISOString() }));
    await waitFor(() => expect(result.current.chats.messages.map((m) => m.content)).toContain('Agreed'));
    expect(result.current.discussion.messages).toBe(result.current.chats.messages);
    expect(loads()).toBe(1);
  });
});
