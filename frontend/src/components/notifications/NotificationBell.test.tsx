import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatSocket } from '../../test/chat-socket-double';
import { jsonResponse, stubApi } from '../../test/fetch';
import { renderApp } from '../../test/render';
import type { Notification } from './queries';

function signInStudent() {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify({ _id: 's1', name: 'Sam', role: 'student' }));
  localStorage.setItem('currentRole', 'student');
}

const notice = (overrides: Partial<Notification>): Notification => ({
  _id: 'n1',
  kind: 'essay_accepted',
  title: 'A tutor accepted "Macbeth"',
  body: 'Agree the word count and pay.',
  path: '/student/essays',
  essayId: 'e1',
  createdAt: '2026-11-27T10:00:00Z',
  readAt: null,
  ...overrides,
});

/** The popover (NotificationPanel) and the toaster load on first use: give them time on a busy machine. */
const PANEL_LOADS = { timeout: 5000 };

describe('NotificationBell', () => {
  beforeEach(() => signInStudent());

  it('shows the unread count, lists the notices, marks one read and then all', async () => {
    const list = [
      notice({ _id: 'n2', kind: 'payment_due', title: 'Word count confirmed for "Macbeth": please pay', body: '1,000 words, £15.00.' }),
      notice({ _id: 'n1' }),
      notice({ _id: 'n0', kind: 'feedback_ready', title: 'Your feedback on "Hamlet" is ready', readAt: '2026-11-26T10:00:00Z' }),
    ];
    // The server's side, as it would change: a read notice stays read when the list is asked for again.
    let server = list;
    const read = (id: string | null) => (server = server.map((n) => (id === null || n._id === id ? { ...n, readAt: n.readAt ?? '2026-11-27T11:00:00Z' } : n)));
    const unread = () => server.filter((n) => !n.readAt).length;
    const { calls } = stubApi({
      'GET /api/notifications': () => jsonResponse(200, { notifications: server, unreadCount: unread(), hasMore: false }),
      'POST /api/notifications/{id}/read': (_body, { id }) => {
        read(id!);
        return jsonResponse(200, { notification: server.find((n) => n._id === id)!, unreadCount: unread() });
      },
      'POST /api/notifications/read-all': () => {
        read(null);
        return jsonResponse(200, { unreadCount: 0 });
      },
    });
    const user = userEvent.setup();
    renderApp('/student/dashboard');

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');
    await user.click(bell);
    const items = within(await screen.findByRole('list', { name: 'Notifications list' }, PANEL_LOADS)).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(items[0]).toHaveTextContent('Word count confirmed for "Macbeth": please pay');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/student/essays');

    await user.click(screen.getByRole('button', { name: 'Mark "Word count confirmed for "Macbeth": please pay" as read' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /api/notifications/n2/read'));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /api/notifications/read-all'));
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });

  it('takes new notices live from the socket: the count rises without a reload, once per notice', async () => {
    stubApi({ 'GET /api/notifications': () => jsonResponse(200, { notifications: [], unreadCount: 0, hasMore: false }) });
    const user = userEvent.setup();
    renderApp('/student/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    const socket = await chatSocket();
    socket.serverAccepts();

    const live = notice({ _id: 'live1', kind: 'feedback_ready', title: 'Your feedback on "Macbeth" is ready', body: 'Scored 8 out of 10.' });
    socket.serverEmits('notification', live);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBe(bell);
    // The same notice delivered twice (two instances, a replay) counts once.
    socket.serverEmits('notification', live);
    socket.serverEmits('notification', notice({ _id: 'live2' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    // And a toast says what happened.
    expect(await screen.findByText('Scored 8 out of 10.', {}, PANEL_LOADS)).toBeInTheDocument();

    await user.click(bell);
    const items = within(await screen.findByRole('list', { name: 'Notifications list' }, PANEL_LOADS)).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('A tutor accepted "Macbeth"'), expect.stringContaining('Your feedback on "Macbeth" is ready')]);
  });

  it('says so when there is nothing yet, with Mark all as read disabled', async () => {
    stubApi({ 'GET /api/notifications': () => jsonResponse(200, { notifications: [], unreadCount: 0, hasMore: false }) });
    const user = userEvent.setup();
    renderApp('/student/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet.', {}, PANEL_LOADS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows older notices a page at a time, and reads them like the rest', async () => {
    let server = [
      notice({ _id: 'n3', createdAt: '2026-11-27T10:00:00Z' }),
      notice({ _id: 'n2', title: 'Second', createdAt: '2026-11-26T10:00:00Z', readAt: '2026-11-26T11:00:00Z' }),
      notice({ _id: 'n1', title: 'An older notice', createdAt: '2026-11-20T10:00:00Z' }),
    ];
    const unread = () => server.filter((n) => !n.readAt).length;
    // Pages of two, as the server pages them: after the last notice shown (`before` its time, `beforeId` its id).
    let requestedUrl = () => '';
    const stub = stubApi({
      'GET /api/notifications': () => {
        const query = new URL(requestedUrl()).searchParams;
        const before = query.get('before');
        const rows = server.filter((n) => !before || n.createdAt < before || (n.createdAt === before && n._id < (query.get('beforeId') ?? '')));
        return jsonResponse(200, { notifications: rows.slice(0, 2), unreadCount: unread(), hasMore: rows.length > 2 });
      },
      'POST /api/notifications/read-all': () => {
        server = server.map((n) => ({ ...n, readAt: n.readAt ?? '2026-11-27T11:00:00Z' }));
        return jsonResponse(200, { unreadCount: 0 });
      },
    });
    requestedUrl = () => stub.calls.at(-1)!.url;
    const user = userEvent.setup();
    renderApp('/student/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications list' }, PANEL_LOADS);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    expect(await within(list).findByText('An older notice')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(stub.calls.some((c) => c.url.includes(`before=${encodeURIComponent('2026-11-26T10:00:00Z')}&beforeId=n2`))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).not.toBeInTheDocument();

    // Mark all as read reaches the older page too.
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('data-unread'))).toEqual(['false', 'false', 'false']));
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
  });
});
