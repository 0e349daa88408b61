import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatSocket, chatSocketsCreated } from '../../test/chat-socket-double';
import { jsonResponse, stubApi } from '../../test/fetch';
import { renderApp } from '../../test/render';

function signInAs(user: Record<string, unknown>, currentRole?: string) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
  if (currentRole) localStorage.setItem('currentRole', currentRole);
}

const student = { _id: 's1', name: 'Sam', role: 'student' };
const dual = { _id: 's2', name: 'Dee', role: 'student', profiles: { student: true, tutor: true } };
const admin = { _id: 'a1', name: 'Ada', role: 'admin', onboardingCompleted: true };

// jsdom applies no media queries: the desktop sidebar (display: none below lg) counts as hidden, so its
// elements are queried with `hidden: true`; the mobile menu button is visible.
describe('DashboardLayout', () => {
  // The pages' own data does not matter here: every call answers 404 (no test reaches a server, test/network-guard.ts).
  beforeEach(() => {
    stubApi({});
  });

  it('collapses and expands the desktop sidebar, keeping accessible link names', async () => {
    signInAs(student);
    const user = userEvent.setup();
    renderApp('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    // (A node hidden by display: none gets an empty computed name, so check the label directly.)
    const sidebar = screen.getByRole('complementary', { hidden: true });
    expect(sidebar).toHaveAttribute('aria-label', 'Sidebar');
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    const nav = within(sidebar).getByRole('navigation', { name: 'Dashboard', hidden: true });
    const names = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((link) => link.textContent);
    expect(names).toEqual(['Dashboard', 'Essays', 'Upload Essay', 'Tutoring Sessions', 'Tutor List', 'Chats', 'Profile']);

    await user.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar', hidden: true }));
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    const expand = within(sidebar).getByRole('button', { name: 'Expand sidebar', hidden: true });
    // Collapsed links show only icons but keep their names for assistive technology.
    expect(within(nav).getByRole('link', { name: 'Upload Essay', hidden: true })).toHaveAttribute('title', 'Upload Essay');

    await user.click(expand);
    expect(sidebar).toHaveAttribute('data-collapsed', 'false');
    expect(within(sidebar).getByRole('button', { name: 'Collapse sidebar', hidden: true })).toBeInTheDocument();
  });

  it('opens the mobile drawer from the menu button and closes it', async () => {
    signInAs(student);
    const user = userEvent.setup();
    renderApp('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Open navigation menu' });
    await user.click(menuButton);

    // The drawer's module loads on first use (MobileNavDrawer): give it time on a busy machine.
    const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' }, { timeout: 5000 });
    expect(within(drawer).getByRole('link', { name: 'Tutor List' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close navigation menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Following a link in the drawer navigates and closes it.
    await user.click(menuButton);
    const reopened = await screen.findByRole('dialog', { name: 'Navigation menu' });
    await user.click(within(reopened).getByRole('link', { name: 'Essays' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Essays' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the role switch stores currentRole and replaces the history entry', async () => {
    signInAs(dual, 'student');
    const user = userEvent.setup();
    const { router } = renderApp('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    // The header's switch shows from md up (jsdom applies no media queries, so it counts as hidden here).
    const switcher = screen.getByRole('group', { name: 'Switch role', hidden: true });
    expect(within(switcher).getByRole('button', { name: 'Student', hidden: true })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(switcher).getByRole('button', { name: 'Tutor', hidden: true }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/dashboard'));
    expect(localStorage.getItem('currentRole')).toBe('tutor');
    expect(router.history.length).toBe(1);
    // The tutor layout renders once its route chunk has loaded.
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Switch role', hidden: true })).getByRole('button', { name: 'Tutor', hidden: true }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('link', { name: 'Essay Pool', hidden: true })).toBeInTheDocument();
  });

  it('offers Become a Tutor to a student without a tutor profile', async () => {
    signInAs(student);
    const user = userEvent.setup();
    const { router } = renderApp('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // On a phone the switch lives in the drawer (the header has no room for it).
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    // The drawer's module loads on first use (MobileNavDrawer): give it time on a busy machine.
    const drawer = await screen.findByRole('dialog', { name: 'Navigation menu' }, { timeout: 5000 });
    const switcher = within(drawer).getByRole('group', { name: 'Switch role' });
    expect(within(switcher).getByRole('button', { name: 'Student' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(switcher).getByRole('button', { name: 'Become a Tutor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor-onboarding'));
  });

  it('hides the role switch for admin and shows the admin items', async () => {
    signInAs(admin);
    renderApp('/admin/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('group', { name: 'Switch role', hidden: true })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Content', hidden: true })).toHaveAttribute('href', '/admin/content');
    // Bull Board is a page of the API: a plain link, in a new tab.
    expect(within(nav).getByRole('link', { name: 'Job queues', hidden: true })).toHaveAttribute('href', '/api/admin/queues');
    expect(within(nav).getByRole('link', { name: 'Job queues', hidden: true })).toHaveAttribute('target', '_blank');
  });

  it('Logout clears the stored session and goes to /login', async () => {
    signInAs(student, 'student');
    localStorage.setItem('currentEssayId', 'e1');
    const user = userEvent.setup();
    const { router } = renderApp('/student/essays');
    await screen.findByRole('heading', { level: 1, name: 'My Essays' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    for (const key of ['token', 'user', 'currentRole', 'currentEssayId']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('shows the footer with the current year', async () => {
    signInAs(student);
    renderApp('/student/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Redpen`);
  });

  it('holds one socket for the session: opened on any signed-in page (presence), kept across pages, closed at logout', async () => {
    signInAs(student, 'student');
    stubApi({ 'GET /api/student/getAllContacts': () => jsonResponse(200, { tutors: [] }) });
    const user = userEvent.setup();
    const { router } = renderApp('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    // A page without chat opens it too (the header's notification bell listens on it): the person is online.
    const socket = await chatSocket();
    expect(chatSocketsCreated()).toHaveLength(1);

    await router.navigate({ to: '/student/chats' });
    expect(socket.token).toBe('test-token');
    socket.serverAccepts();
    expect(await screen.findByText('Connected')).toBeInTheDocument();

    await router.navigate({ to: '/student/essays' });
    await screen.findByRole('heading', { level: 1, name: 'My Essays' });
    await router.navigate({ to: '/student/chats' });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(chatSocketsCreated()).toHaveLength(1);
    expect(socket.disconnectCalls).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(socket.disconnectCalls).toBe(1);
  });
});
