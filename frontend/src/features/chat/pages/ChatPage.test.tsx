import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';
import { ChatSocketProvider } from '../../../components/chat/ChatSocketProvider';
import { chatSocket, chatSocketsCreated } from '../../../test/chat-socket-double';
import type { ChatMessage } from '../queries';
import { ChatPage } from './ChatPage';
import { validateChatSearch } from '../search';

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

/** The page inside the session's socket provider (the dashboard layout's, in the app); the server accepts the socket. */
async function renderChat(contactId?: string) {
  render(
    <TestProviders>
      <ChatSocketProvider>
        <ChatPage role="student" contactId={contactId} />
      </ChatSocketProvider>
    </TestProviders>,
  );
  const socket = await chatSocket();
  socket.serverAccepts();
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
    await renderChat();
    expect(await screen.findByText('Welcome!')).toBeInTheDocument();
    await openThread(userEvent.setup({ delay: null }));
    expect(screen.getByRole('heading', { name: 'Theo Tutor' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('shows a sent message at once, confirms it with the ack, and skips the echoed broadcast', async () => {
    const user = userEvent.setup({ delay: null });
    const socket = await renderChat();
    await screen.findByText('Welcome!');
    const log = await openThread(user);
    await user.type(screen.getByPlaceholderText('Type your message...'), 'Can we meet?{Enter}');
    expect(screen.getByText('Can we meet?')).toBeInTheDocument();
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    const send = socket.sentOf('sendMessage')[0]!;
    expect(send.payload).toMatchObject({ recipient: TUTOR._id, content: 'Can we meet?', sender: ME, senderRole: 'student' });
    const message = saved({ _id: 'm-9', content: 'Can we meet?' });
    socket.serverEmits('receiveMessage', message);
    await socket.serverAnswers(send, { ok: true, _id: message._id, timestamp: message.timestamp, message });
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(within(log).getAllByText('Can we meet?')).toHaveLength(1);
    // The same text again from the server within a second under another id is a duplicate too.
    socket.serverEmits('receiveMessage', { ...message, _id: 'm-10' });
    expect(within(log).getAllByText('Can we meet?')).toHaveLength(1);
  });

  it('marks a refused send as failed with Retry, and Retry sends it again', async () => {
    const user = userEvent.setup({ delay: null });
    const socket = await renderChat();
    await screen.findByText('Welcome!');
    const log = await openThread(user);
    await user.type(screen.getByPlaceholderText('Type your message...'), 'Hello?{Enter}');
    const first = socket.sentOf('sendMessage')[0]!;
    await socket.answerTimesOut(first);
    expect(await screen.findByText(/Not sent/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    // Sent again with the same client id: had the first been saved, the server would answer that copy.
    await waitFor(() => expect(socket.sentOf('sendMessage')).toHaveLength(2));
    const second = socket.sentOf('sendMessage')[1]!;
    expect(second.payload).toMatchObject({ content: 'Hello?', recipient: TUTOR._id, clientId: first.payload.clientId });
    const message = saved({ _id: 'm-2', content: 'Hello?' });
    await socket.serverAnswers(second, { ok: true, _id: message._id, timestamp: message.timestamp, message });
    await waitFor(() => expect(screen.queryByText(/Not sent/)).not.toBeInTheDocument());
    expect(within(log).getAllByText('Hello?')).toHaveLength(1);
  });

  it('updates unread counts and presence live, and disables sending while disconnected', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR, { ...TUTOR, _id: 'tutor-2', name: 'Tina Tutor', online: false }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
    });
    const user = userEvent.setup({ delay: null });
    const socket = await renderChat();
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    await screen.findByText('Connected');
    socket.serverEmits('receiveMessage', saved({ _id: 'n1', sender: 'tutor-2', recipient: ME, content: 'Ping from Tina' }));
    expect(await within(contacts).findByText('Ping from Tina')).toBeInTheDocument();
    expect(within(contacts).getByLabelText('1 unread')).toBeInTheDocument();
    // The unread conversation is marked; the one without unread messages is not.
    expect(within(contacts).getByText('Tina Tutor').closest('button')).toHaveAttribute('data-unread', 'true');
    expect(within(contacts).getByText('Theo Tutor').closest('button')).not.toHaveAttribute('data-unread');
    socket.serverEmits('presence', { userId: 'tutor-2', online: true });
    // TanStack Query notifies its observers on the next tick.
    await waitFor(() => expect(within(contacts).getAllByText(', online')).toHaveLength(2));
    await openThread(user);
    socket.serverDrops();
    await user.type(screen.getByPlaceholderText('Type your message...'), 'hi');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('filters contacts with the search box', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR, { ...TUTOR, _id: 'tutor-2', name: 'Tina Tutor' }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
    });
    const user = userEvent.setup({ delay: null });
    await renderChat();
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    await user.type(screen.getByLabelText('Search contacts'), 'tina');
    expect(within(contacts).queryByText('Theo Tutor')).not.toBeInTheDocument();
    expect(within(contacts).getByText('Tina Tutor')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search contacts'));
    await user.type(screen.getByLabelText('Search contacts'), 'nobody');
    expect(await screen.findByText('No conversations match')).toBeInTheDocument();
    expect(screen.queryByText('No conversations yet')).not.toBeInTheDocument();
  });

  it('opens the contact the URL names (?contact=) instead of the first one', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR, { ...TUTOR, _id: 'tutor-2', name: 'Tina Tutor' }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
      'GET /api/student/messages/tutor-2': () => jsonResponse(200, { messages: [saved({ _id: 't2', sender: 'tutor-2', recipient: ME, content: 'Hi from Tina' })], hasMore: false }),
    });
    await renderChat('tutor-2');
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
    await renderChat();
    expect(await screen.findByText('Failed to load contacts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says Offline with Reconnect once socket.io gives up; Reconnect connects again and the reconnection reloads the contacts', async () => {
    const { calls } = stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [TUTOR] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [], hasMore: false }),
    });
    const user = userEvent.setup({ delay: null });
    const socket = await renderChat();
    await openThread(user);
    await screen.findByText('Connected');
    const contactLoads = () => calls.filter((c) => c.key === 'GET /api/student/getAllContacts').length;
    const before = contactLoads();
    socket.serverDrops();
    expect(await screen.findByText('Connecting…')).toBeInTheDocument();
    socket.reconnectionGivesUp();
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(socket.connectCalls).toBe(1);
    socket.serverAccepts();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    // Whatever was sent while the socket was down was missed: the contacts (and threads) load again.
    await waitFor(() => expect(contactLoads()).toBeGreaterThan(before));
    expect(chatSocketsCreated()).toHaveLength(1);
  });

  it('opening a thread with unread messages marks it read; the other side reading it shows Seen', async () => {
    stubApi({
      'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [{ ...TUTOR, unreadCount: 2 }] }),
      'GET /api/student/messages/tutor-1': () => jsonResponse(200, { messages: [saved({ _id: 'mine', content: 'Did you read it?' })], hasMore: false }),
    });
    const socket = await renderChat();
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    await waitFor(() => expect(socket.sentOf('markRead').map((s) => s.payload)).toEqual([{ contactId: TUTOR._id }]));
    await waitFor(() => expect(within(contacts).queryByLabelText('2 unread')).not.toBeInTheDocument());
    await screen.findByText('Did you read it?');
    expect(screen.queryByText(/Seen/)).not.toBeInTheDocument();
    socket.serverEmits('messagesRead', { readerId: TUTOR._id, contactId: ME, readAt: new Date(Date.now() + 1000).toISOString() });
    expect(await screen.findByText(/· Seen/)).toBeInTheDocument();
  });

  it('shows the server’s error event above the thread', async () => {
    const socket = await renderChat();
    await screen.findByText('Welcome!');
    await openThread(userEvent.setup({ delay: null }));
    socket.serverEmits('error', { message: 'You are sending messages too quickly. Please slow down.', code: 'RATE_LIMITED' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are sending messages too quickly. Please slow down.');
  });
});
