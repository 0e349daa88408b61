import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi, offSchemaResponse } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { essayIn, signInStudent } from '../test-support';
import { visitedKey } from '../../../lib/hooks/useFirstVisit';

beforeEach(() => {
  installPointerEvent();
  signInStudent('Sam Student');
  // A returning student unless a test says otherwise.
  localStorage.setItem(visitedKey('dashboard', 's1'), 'earlier');
});
afterEach(() => vi.useRealTimers());

const figure = (label: string) => screen.getByText(label).previousElementSibling;

describe('StudentDashboardPage', () => {
  it('says "Welcome" on a first visit, "Welcome back" after', async () => {
    localStorage.removeItem(visitedKey('dashboard', 's1'));
    stubApi({ 'GET /api/student/getDashboard': () => new Promise<never>(() => {}), 'GET /api/student/getPendingRating': () => jsonResponse(200, { essays: [] }) });
    const { unmount } = renderApp('/student/dashboard');
    expect(await screen.findByText('Welcome, Sam Student!')).toBeInTheDocument();
    unmount();
    renderApp('/student/dashboard');
    expect(await screen.findByText('Welcome back, Sam Student!')).toBeInTheDocument();
  });

  it("welcomes the student by name with today's date and shows the three figures", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    stubApi({
      'GET /api/student/getDashboard': () => jsonResponse(200, { essaysSubmitted: 4, interviewsCompleted: 2, averagePercentage: '72%' }),
      'GET /api/student/getPendingRating': () => jsonResponse(200, { essays: [] }),
    });
    renderApp('/student/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Sam Student!')).toBeInTheDocument();
    expect(screen.getByText('Monday 23 November 2026')).toBeInTheDocument();
    expect(await screen.findByText('Essays Submitted')).toBeInTheDocument();
    expect(figure('Essays Submitted')).toHaveTextContent('4');
    expect(figure('Interviews Completed')).toHaveTextContent('2');
    expect(figure('Average Percentage')).toHaveTextContent('72%');
    expect(screen.queryByRole('heading', { name: 'Rate your tutors' })).not.toBeInTheDocument();
  });

  it('links the four quick actions', async () => {
    stubApi({});
    renderApp('/student/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getByRole('link', { name: /^Upload Essay/ })).toHaveAttribute('href', '/student/essay-upload');
    expect(screen.getByRole('link', { name: /^Schedule Interview/ })).toHaveAttribute('href', '/student/interviews');
    expect(screen.getByRole('link', { name: /^View Feedback/ })).toHaveAttribute('href', '/student/essays');
    expect(screen.getByRole('link', { name: /^Get Help/ })).toHaveAttribute('href', '/help');
  });

  it('shows a skeleton while the figures load', async () => {
    stubApi({ 'GET /api/student/getDashboard': () => new Promise(() => undefined) });
    renderApp('/student/dashboard');
    expect(await screen.findByLabelText('Loading your figures')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Essays Submitted')).not.toBeInTheDocument();
  });

  it('shows the error line when the figures cannot load', async () => {
    stubApi({ 'GET /api/student/getDashboard': () => jsonResponse(403, { message: 'Forbidden resource' }) });
    renderApp('/student/dashboard');
    expect(await screen.findByText('Error: Forbidden resource')).toBeInTheDocument();
  });

  it('says so when the server has no figures', async () => {
    // The API always sends the figures; the page still guards against an empty answer.
    stubApi({ 'GET /api/student/getDashboard': () => offSchemaResponse(200, null) });
    renderApp('/student/dashboard');
    expect(await screen.findByText('No dashboard data available')).toBeInTheDocument();
  });

  it('lists the reviews waiting for a rating, linking to each essay', async () => {
    const essay = essayIn.completed({ title: 'Macbeth and ambition', student_accept: true });
    stubApi({
      'GET /api/student/getDashboard': () => jsonResponse(200, { essaysSubmitted: 1, interviewsCompleted: 0, averagePercentage: '80%' }),
      'GET /api/student/getPendingRating': () => jsonResponse(200, { essays: [essay] }),
    });
    renderApp('/student/dashboard');
    expect(await screen.findByRole('heading', { name: 'Rate your tutors' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Reviews to rate' });
    expect(within(list).getByRole('link', { name: 'Macbeth and ambition' })).toHaveAttribute('href', `/student/essay/${essay._id}`);
    expect(within(list).getByText(/reviewed by Tara Tutor/)).toBeInTheDocument();
  });
});
