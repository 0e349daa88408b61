import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_CHANGED_EVENT } from '../../lib/session';
import { chatSocket, chatSocketsCreated } from '../../test/chat-socket-double';
import { jsonResponse, stubApi } from '../../test/fetch';
import { TestProviders } from '../../test/render';
import { ChatSocketProvider, useChatReconnected, useChatSocket, useChatSocketEvent, type ChatSocketHandle } from './ChatSocketProvider';

function signIn(token = 'token-1') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify({ _id: 'me', role: 'student', name: 'Sam' }));
}

let handle: ChatSocketHandle | undefined;
/** A consumer: the socket's status, the last `presence` it heard, and a reconnection handler. */
function Consumer({ onReconnected = () => {} }: { onReconnected?: () => void }) {
  handle = useChatSocket();
  const [presence, setPresence] = useState('');
  useChatSocketEvent('presence', ({ userId, online }) => setPresence(`${userId} ${online ? 'online' : 'offline'}`));
  useChatReconnected(onReconnected);
  return (
    <>
      <p>status: {handle.status}</p>
      <p>presence: {presence}</p>
    </>
  );
}

function renderWith(children: ReactNode, enabled = true) {
  return render(
    <TestProviders>
      <ChatSocketProvider enabled={enabled}>{children}</ChatSocketProvider>
    </TestProviders>,
  );
}

describe('ChatSocketProvider', () => {
  it('opens no socket until a component uses one', async () => {
    signIn();
    renderWith(<p>no chat here</p>);
    await screen.findByText('no chat here');
    await act(async () => {});
    expect(chatSocketsCreated()).toHaveLength(0);
  });

  it('opens one socket with the session’s token for all its consumers, and delivers server events to them', async () => {
    signIn('token-7');
    renderWith(
      <>
        <Consumer />
        <Consumer />
      </>,
    );
    const socket = await chatSocket();
    expect(socket.token).toBe('token-7');
    expect(screen.getAllByText('status: connecting')).toHaveLength(2);
    socket.serverAccepts();
    expect(screen.getAllByText('status: connected')).toHaveLength(2);
    socket.serverEmits('presence', { userId: 'tutor-1', online: true });
    expect(screen.getAllByText('presence: tutor-1 online')).toHaveLength(2);
    expect(chatSocketsCreated()).toHaveLength(1);
  });

  it('tells its consumers when the socket connects again after a drop, not at the first connection', async () => {
    signIn();
    const onReconnected = vi.fn();
    renderWith(<Consumer onReconnected={onReconnected} />);
    const socket = await chatSocket();
    socket.serverAccepts();
    expect(onReconnected).not.toHaveBeenCalled();
    socket.serverDrops();
    expect(screen.getByText('status: reconnecting')).toBeInTheDocument();
    socket.serverAccepts();
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('a refused handshake keeps its reason; when socket.io gives up the status is offline until reconnect()', async () => {
    signIn();
    renderWith(<Consumer />);
    const socket = await chatSocket();
    socket.serverRefuses('Your session has ended. Please sign in again.');
    expect(handle!.refusal).toBe('Your session has ended. Please sign in again.');
    socket.reconnectionGivesUp();
    expect(screen.getByText('status: offline')).toBeInTheDocument();
    act(() => handle!.reconnect());
    expect(screen.getByText('status: connecting')).toBeInTheDocument();
    expect(socket.connectCalls).toBe(1);
  });

  it('request resolves with the server’s ack, and rejects when none comes in time', async () => {
    signIn();
    renderWith(<Consumer />);
    const socket = await chatSocket();
    socket.serverAccepts();
    const answered = handle!.request('markRead', { contactId: 'tutor-1' });
    const [sent] = socket.sentOf('markRead');
    expect(sent!.timeoutMs).toBe(20_000);
    await socket.serverAnswers(sent!, { ok: true });
    await expect(answered).resolves.toEqual({ ok: true });
    const unanswered = expect(handle!.request('sendMessage', { recipient: 'tutor-1', content: 'hi' }, 5000)).rejects.toThrow('operation has timed out');
    expect(socket.sentOf('sendMessage')[0]!.timeoutMs).toBe(5000);
    await socket.answerTimesOut(socket.sentOf('sendMessage')[0]!);
    await unanswered;
  });

  it('opens nothing when disabled (admins) or signed out, and closes the socket when the session ends', async () => {
    signIn();
    const { unmount } = renderWith(<Consumer />, false);
    await act(async () => {});
    expect(chatSocketsCreated()).toHaveLength(0);
    await expect(handle!.request('markRead', { contactId: 'x' })).rejects.toThrow('not connected');
    unmount();

    renderWith(<Consumer />);
    const socket = await chatSocket();
    act(() => {
      localStorage.clear();
      window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
    });
    await waitFor(() => expect(socket.disconnectCalls).toBe(1));
  });

  it('when the server closes the socket (a revoked session), asks the API: a 401 signs this tab out and closes the socket', async () => {
    const { calls } = stubApi({ 'GET /api/auth/me': () => jsonResponse(401, { message: 'Your session has ended. Please sign in again.', code: 'SESSION_EXPIRED' }) });
    signIn();
    renderWith(<Consumer />);
    const socket = await chatSocket();
    socket.serverAccepts();
    socket.serverDrops('transport close');
    expect(calls).toHaveLength(0);
    socket.serverAccepts();
    socket.serverDrops('io server disconnect');
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(calls.map((call) => call.key)).toEqual(['GET /api/auth/me']);
    await waitFor(() => expect(socket.disconnectCalls).toBe(1));
    expect(socket.connectCalls).toBe(0);
  });

  it('when the server closes the socket but the session still stands, connects again', async () => {
    stubApi({ 'GET /api/auth/me': () => jsonResponse(200, { user: { _id: 'me', name: 'Sam', email: 'sam@example.com', phone: '', role: 'student', onboardingCompleted: true, emailVerified: true, twoFactorEnabled: false } }) });
    signIn();
    renderWith(<Consumer />);
    const socket = await chatSocket();
    socket.serverAccepts();
    socket.serverDrops('io server disconnect');
    await waitFor(() => expect(socket.connectCalls).toBe(1));
    expect(localStorage.getItem('token')).toBe('token-1');
  });

  it('the hooks say where they belong when used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Consumer />)).toThrow('chat hooks must be used inside <ChatSocketProvider>');
  });
});
