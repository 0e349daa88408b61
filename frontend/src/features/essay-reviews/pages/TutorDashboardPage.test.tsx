import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { signInTutor } from '../test-fixtures';
import { visitedKey } from '../../../lib/hooks/useFirstVisit';
import { getQueryClient } from '../../../lib/query-client';

const DASHBOARD = 'GET /api/tutor/getDashboard';

beforeEach(() => {
  signInTutor();
  // A returning tutor unless a test says otherwise.
  localStorage.setItem(visitedKey('dashboard', 'tutor-1'), 'earlier');
});

/** The value shown under a stat card's label (the cards are a <dl>). */
const statValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('tutor dashboard', { timeout: 30_000 }, () => {
  it('says "Welcome" on a first visit and "Welcome back" after', async () => {
    localStorage.removeItem(visitedKey('dashboard', 'tutor-1'));
    stubApi({ [DASHBOARD]: () => new Promise<never>(() => {}) });
    const { unmount } = renderApp('/tutor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Theo!' })).toBeInTheDocument();
    unmount();
    renderApp('/tutor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Theo!' })).toBeInTheDocument();
  });

  it('tells a tutor waiting for approval so, and nothing of the kind once approved', async () => {
    let approved = false;
    stubApi({ [DASHBOARD]: () => new Promise<never>(() => {}), 'GET /api/tutor/getProfile': () => jsonResponse(200, { tutor: { name: 'Theo', approved } }) });
    const { unmount } = renderApp('/tutor/dashboard');
    expect(await screen.findByText('Your application is waiting for approval')).toBeInTheDocument();
    expect(screen.getByText(/We will email you as soon as you are approved/)).toBeInTheDocument();
    unmount();
    approved = true;
    renderApp('/tutor/dashboard');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(getQueryClient().getQueryData(['profile', 'tutor'])).toBeDefined());
    expect(screen.queryByText('Your application is waiting for approval')).not.toBeInTheDocument();
  });

  it('welcomes the tutor and shows the four stats: rating out of 5.0 with one decimal and its count, earnings in £ from pence', async () => {
    stubApi({ [DASHBOARD]: () => jsonResponse(200, { essaysReviewed: 12, interviewsConducted: 3, rating: 4.5, totalRatings: 8, earnings: 1234.56, earningsPence: 123456 }) });
    renderApp('/tutor/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Theo!' })).toBeInTheDocument();
    await waitFor(() => expect(within(statValue('Essays Reviewed')).getByText('12')).toBeInTheDocument());
    expect(within(statValue('Interviews Conducted')).getByText('3')).toBeInTheDocument();
    expect(within(statValue('Rating')).getByText('4.5 / 5.0')).toBeInTheDocument();
    expect(within(statValue('Rating')).getByText('from 8 ratings')).toBeInTheDocument();
    expect(within(statValue('Earnings')).getByText('£1,234.56')).toBeInTheDocument();
  });

  it('shows a whole rating with its decimal, and a single rating', async () => {
    stubApi({ [DASHBOARD]: () => jsonResponse(200, { essaysReviewed: 0, interviewsConducted: 0, rating: 4, totalRatings: 1, earnings: 0, earningsPence: 0 }) });
    renderApp('/tutor/dashboard');
    await waitFor(() => expect(within(statValue('Rating')).getByText('4.0 / 5.0')).toBeInTheDocument());
    expect(within(statValue('Rating')).getByText('from 1 rating')).toBeInTheDocument();
    expect(within(statValue('Earnings')).getByText('£0.00')).toBeInTheDocument();
  });

  it('holds the cards’ places while loading, and links to the pool and the essay reviews', async () => {
    stubApi({ [DASHBOARD]: () => new Promise<never>(() => {}) });
    renderApp('/tutor/dashboard');
    expect(await screen.findByLabelText('Your statistics')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Browse the Essay Pool' })).toHaveAttribute('href', '/tutor/essay-pool');
    expect(screen.getByRole('link', { name: 'My Essay Reviews' })).toHaveAttribute('href', '/tutor/essay-feedback');
  });

  it('says when the figures fail to load, and tries again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    stubApi({ [DASHBOARD]: () => (fail ? jsonResponse(500, { message: 'Database down' }) : jsonResponse(200, { essaysReviewed: 2, interviewsConducted: 0, rating: 0, totalRatings: 0, earnings: 0, earningsPence: 0 })) });
    renderApp('/tutor/dashboard');
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(statValue('Essays Reviewed')).getByText('2')).toBeInTheDocument());
  });
});
