/* eslint-disable @typescript-eslint/no-explicit-any -- socket payloads in tests are whatever the server sent; each test asserts on their fields */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';
import type { ChatMessage } from '../queries';
import type { ChatSocket } from '../../../lib/chat-socket';
import { ChatPage, validateChatSearch } from './ChatPage';

type Listener = (payload: any) => void;

/** Stands in for socket.io: records emits with their ack callbacks and lets the test fire server events. */
class FakeSocket {
  connected = false;
  private listeners = new Map<string, Set<Listener>>();
  sent: { event: string; payload: any; ack?: (err: Error | null, answer?: unknown) => void }[] = [];
  io = { on: () => undefined, off: () => undefined };
  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  fire(event: string, payload?: unknown) {
    act(() => {
      if (event === 'connect') this.connected = true;
      for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
    });
  }
  emit(event: string, payload: unknown, ack?: (err: Error | null, answer?: unknown) => void) {
    this.sent.push({ event, payload, ack });
    return this;
  }
  timeout() {
    return { emit: (event: string, payload: unknown, ack: (err: Error | null, answer?: unknown) => void) => this.emit(event, payload, ack) };
  }
  connect() {
    return this;
  }
  disconnect() {
    return this;
  }
}

const ME = 'student-1';
const TUTOR = { _id: 'tutor-1', name: 'Theo Tutor', profilePicture: null, lastMessage: null, unreadCount: 0, online: true, blocked: false };
const saved = (over: Partial<ChatMessage>): ChatMessage => ({
  _id: 'm-1',
  sender: ME,
  recipient: TUTOR._id,
  senderModel: 'Student',
  senderRole: 'student',
  content: 'x',
  timestamp: new Date().toISOString(),
  essayId: null,
  masked: [],
  ...over,
});

function renderChat(contactId?: string) {
  const socket = new FakeSocket();
  render(
    <TestProviders>
      <ChatPage role="student" createSocket={() => socket as unknown as ChatSocket} contactId={contactId} />
    </TestProviders>,
  );
  socket.fire('connect');
  return socket;
}

/** Opens the first contact's thread (on a narrow screen the thread is a second screen). */
async function openThread(user: ReturnType<typeof userEvent.setup>, name = 'Theo Tutor') {
  const contacts = await screen.findByRole('list', { name: 'Contacts' });
  await user.click(within(contacts).getByText(name));
  return screen.getByRole('log', { name: 'Messages' });
}

beforeEach(() => {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: ME, role: 'student', name: 'Sam', onboardingCompleted: true }));
  stubApi({
    'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR] }),
    'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [saved({ _id: 'old', sender: TUTOR._id, recipient: ME, content: 'Welcome!' })], hasMore: false }),
  });
});

// Generous timeouts: Chakra renders slowly under jsdom on a loaded machine.
describe('ChatPage', { timeout: 30_000 }, () => {
  it('selects the first contact and shows the thread', async () => {
    renderChat();
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    await openThread(userEvent.setup());
    expect(screen.getByRole('heading', { name: 'Theo Tutor' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('shows a sent message at once, confirms it with the ack, and skips the echoed broadcast', async () => {
    const user = userEvent.setup();
    const socket = renderChat();
    await screen.findByText('Welcome!');
    const log = await openThread(user);
    await user.type(screen.getByPlaceholderText('Type your message...'), 'Can we meet?{Enter}');
    expect(screen.getByText('Can we meet?')).toBeInTheDocument();
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    const send = socket.sent.find((s) => s.event === 'sendMessage')!;
    expect(send.payload).toMatchObject({ recipient: TUTOR._id, content: 'Can we meet?', sender: ME, senderRole: 'student' });
    const message = saved({ _id: 'm-9', content: 'Can we meet?' });
    socket.fire('receiveMessage', message);
    act(() => send.ack!(null, { ok: true, _id: message._id, timestamp: message.timestamp, message }));
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Can we meet?')).toHaveLength(1);
    // The same text again from the server within a second under another id is a duplicate too.
    socket.fire('receiveMessage', { ...message, _id: 'm-10' });
    expect(within(log).getAllByText('Can we meet?')).toHaveLength(1);
  });

  it('marks a refused send as failed with Retry, and Retry sends it again', async () => {
    const user = userEvent.setup();
    const socket = renderChat();
    await screen.findByText('Welcome!');
    const log = await openThread(user);
    await user.type(screen.getByPlaceholderText('Type your message...'), 'Hello?{Enter}');
    const first = socket.sent.filter((s) => s.event === 'sendMessage')[0]!;
    act(() => first.ack!(new Error('operation has timed out')));
    expect(await screen.findByText(/Not sent/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const second = socket.sent.filter((s) => s.event === 'sendMessage')[1]!;
    expect(second.payload).toMatchObject({ content: 'Hello?', recipient: TUTOR._id });
    const message = saved({ _id: 'm-2', content: 'Hello?' });
    act(() => second.ack!(null, { ok: true, _id: message._id, timestamp: message.timestamp, message }));
    await waitFor(() => expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument());
    expect(within(log).getAllByText('Hello?')).toHaveLength(1);
  });

  it('updates unread counts and presence live, and disables sending while disconnected', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR, { ...TUTOR, _id: 'tutor-2', name: 'Tina Tutor', online: false }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
    });
    const user = userEvent.setup();
    const socket = renderChat();
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    await screen.findByText('Connected');
    socket.fire('receiveMessage', saved({ _id: 'n1', sender: 'tutor-2', recipient: ME, content: 'Ping from Tina' }));
    expect(await within(contacts).findByText('Ping from Tina')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('1 unread')).toBeInTheDocument();
    socket.fire('presence', { userId: 'tutor-2', online: true });
    // TanStack Query notifies its observers on the next tick.
    await waitFor(() => expect(within(contacts).getAllByText(', online')).toHaveLength(2));
    await openThread(user);
    socket.fire('disconnect');
    await user.type(screen.getByPlaceholderText('Type your message...'), 'hi');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('filters contacts with the search box', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR, { ...TUTOR, _id: 'tutor-2', name: 'Tina Tutor' }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
    });
    const user = userEvent.setup();
    renderChat();
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    await user.type(screen.getByLabelText('Search contacts'), 'tina');
    expect(within(contacts).queryByText('Theo Tutor')).not.toBeInTheDocument();
    expect(within(contacts).getByText('Tina Tutor')).toBeInTheDocument();
  });

  it('opens the contact the URL names (?contact=) instead of the first one', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR, { ...TUTOR, _id: 'tutor-2', name: 'Tina Tutor' }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
      'GET /api/student/messages/tutor-2': () => jsonResponse(200, { messages: [saved({ _id: 't2', sender: 'tutor-2', recipient: ME, content: 'Hi from Tina' })], hasMore: false }),
    });
    renderChat('tutor-2');
    expect(await screen.findByRole('heading', { name: 'Tina Tutor' })).toBeInTheDocument();
    expect(await screen.findByText('Hi from Tina')).toBeInTheDocument();
  });

  it('accepts only a user id as ?contact=', () => {
    expect(validateChatSearch({ contact: '0b9f5a4e-3c1d-4e2f-9a8b-7c6d5e4f3a2b' })).toEqual({ contact: '0b9f5a4e-3c1d-4e2f-9a8b-7c6d5e4f3a2b' });
    expect(validateChatSearch({ contact: 'javascript:alert(1)' })).toEqual({});
    expect(validateChatSearch({ contact: 42 })).toEqual({});
    expect(validateChatSearch({})).toEqual({});
  });

  it('says so when the contacts fail to load, with Try Again', async () => {
    stubApi({ 'GET /api/student/getAllContacts': () => jsonResponse(500, { message: 'Database down' }) });
    renderChat();
    expect(await screen.findByText('Failed to load contacts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
