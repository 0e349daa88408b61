import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { captureUploads } from '../../../test/uploads';
import { installPointerEvent, jsonResponse, stubApi, type StubAnswer } from '../../../test/fetch';

beforeEach(() => installPointerEvent());

const FIGURES = { essaysSubmitted: 5, interviewsCompleted: 3, averagePercentage: '72%' };

function signInStudent(student: Record<string, unknown>, figures: () => StubAnswer<'GET /api/student/getDashboard'> = () => jsonResponse(200, FIGURES)) {
  const api = stubApi({
    'GET /api/student/profile': () => jsonResponse(200, { student }),
    'GET /api/student/getDashboard': figures,
  });
  localStorage.setItem('token', 't');
  // The session's copy differs from the profile's, so the page is seen to show the profile.
  localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Old Name', email: 'old@example.com' }));
  return api;
}

describe('StudentProfilePage', () => {
  it('shows who the student is, their figures and details', async () => {
    const { calls } = signInStudent({ userId: { name: 'Sam Student', email: 'sam@example.com' }, major: 'History', university: 'UCL', dateOfBirth: '2008-03-01' });
    renderApp('/student/profile');

    expect(await screen.findByRole('heading', { level: 2, name: 'Sam Student' })).toBeInTheDocument();
    expect(screen.getAllByText('sam@example.com').length).toBeGreaterThan(0);
    expect(screen.queryByText('old@example.com')).not.toBeInTheDocument();
    // The three figures are the dashboard's (GET /student/getDashboard).
    await waitFor(() => expect(screen.getByText('Essays Submitted').previousElementSibling).toHaveTextContent('5'));
    expect(screen.getByText('Interviews Completed').previousElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Average Percentage').previousElementSibling).toHaveTextContent('72%');
    expect(calls.map((call) => call.key)).toContain('GET /api/student/getDashboard');
    expect(screen.getByText('History')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it('shows "—" for the figures when they cannot load, and the profile all the same', async () => {
    signInStudent({ userId: { name: 'Sam Student', email: 'sam@example.com' } }, () => jsonResponse(403, { message: 'Forbidden resource' }));
    renderApp('/student/profile');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sam Student' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Essays Submitted').previousElementSibling).toHaveTextContent('—'));
    expect(screen.getByText('Average Percentage').previousElementSibling).toHaveTextContent('—');
  });

  it('edits the details, sending only what is filled in, and hides Edit while the form is open', { timeout: 30_000 }, async () => {
    signInStudent({ userId: { name: 'Sam Student', email: 'sam@example.com' }, major: 'History', university: '', dateOfBirth: null });
    const sent = captureUploads();
    const user = userEvent.setup({ delay: null });
    renderApp('/student/profile');

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('University'), '  King’s College London ');
    await user.type(screen.getByLabelText('Date of Birth'), '2008-03-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.fromEntries(sent[0]!.entries())).toEqual({ major: 'History', university: 'King’s College London', dateOfBirth: '2008-03-01' });
  });

  it('is a route that owns its error: the error line under the page heading, inside the dashboard, and Try again loads again', async () => {
    let fail = true;
    stubApi({
      'GET /api/student/profile': () =>
        fail ? jsonResponse(500, { message: 'Database down' }) : jsonResponse(200, { student: { userId: { name: 'Sam Student', email: 'sam@example.com' } } }),
      'GET /api/student/getDashboard': () => jsonResponse(200, FIGURES),
    });
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Sam', email: 'sam@example.com' }));
    renderApp('/student/profile');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load user profile.');
    // A server failure's own words (a 5xx) tell the student nothing: only the page's text shows.
    expect(alert).not.toHaveTextContent('Database down');
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard', hidden: true })).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sam Student' })).toBeInTheDocument();
  });

  it('a refused load (4xx) shows the page\'s failure text with the server\'s reason under it', async () => {
    stubApi({
      'GET /api/student/profile': () => jsonResponse(403, { message: 'Your account is suspended' }),
      'GET /api/student/getDashboard': () => jsonResponse(200, FIGURES),
    });
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Sam', email: 'sam@example.com' }));
    renderApp('/student/profile');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load user profile.')).toBeInTheDocument();
    expect(within(alert).getByText('Your account is suspended')).toBeInTheDocument();
    expect(screen.queryByText('Error: Your account is suspended')).not.toBeInTheDocument();
  });

  it('signs out everywhere from the Security card: every session ends on the server, this one is cleared, /login', async () => {
    const { calls } = stubApi({
      'GET /api/student/profile': () => jsonResponse(200, { student: { userId: { name: 'Sam Student', email: 'sam@example.com' } } }),
      'GET /api/student/getDashboard': () => jsonResponse(200, FIGURES),
      'POST /api/auth/logoutEverywhere': () => jsonResponse(204, undefined),
    });
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Sam Student', email: 'sam@example.com' }));
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/student/profile');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((call) => call.key)).toContain('POST /api/auth/logoutEverywhere');
    expect(calls.map((call) => call.key)).not.toContain('POST /api/auth/logout');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
