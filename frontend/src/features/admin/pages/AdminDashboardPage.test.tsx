import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { signInAdmin } from '../test-fixtures';

beforeEach(() => signInAdmin());

const DATA = {
  totalUsers: 12,
  totalStudents: 8,
  totalTutors: 5,
  activeEssays: 3,
  pendingEssays: 4,
  completedEssays: 6,
  needsAttention: { tutorApplications: 2, dbsCertificates: 0, profilePictures: 1, studyLevelChanges: 0, safeguarding: 3, failedJobs: 1 },
};

describe('Admin dashboard', () => {
  it('shows the six counts and links what needs attention to its screen', async () => {
    stubApi({ 'GET /api/admin/getDashboardData': () => jsonResponse(200, DATA) });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Total Users')).toBeInTheDocument();
    expect(screen.getByText('Total Users').previousElementSibling).toHaveTextContent('12');
    expect(screen.getByText('Completed Essays').previousElementSibling).toHaveTextContent('6');
    expect(screen.getByRole('link', { name: 'Review tutor applications' })).toHaveAttribute('href', '/admin/tutors');
    expect(screen.getByRole('link', { name: 'Tutors waiting for approval: 2' })).toHaveAttribute('href', '/admin/tutors');
    expect(screen.getByRole('link', { name: 'Open safeguarding reports: 3' })).toHaveAttribute('href', '/admin/content');
    expect(screen.getByRole('link', { name: 'Failed jobs in the queues: 1' })).toHaveAttribute('href', '/api/admin/queues');
    // Nothing waiting: no link.
    expect(screen.queryByRole('link', { name: /DBS certificates to verify/ })).not.toBeInTheDocument();
    expect(screen.getByText('DBS certificates to verify: 0')).toBeInTheDocument();
  });

  it('says "Failed to load dashboard data" when the figures cannot load', { timeout: 15_000 }, async () => {
    stubApi({
      'GET /api/admin/getDashboardData': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/admin/dashboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load dashboard data')).toBeInTheDocument();
  });

  it("leads with its own failure text whatever the server said, under the page's title; a refusal's reason under it", async () => {
    stubApi({ 'GET /api/admin/getDashboardData': () => jsonResponse(500, { message: 'Internal server error' }) });
    const first = renderApp('/admin/dashboard');
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    first.unmount();
    stubApi({ 'GET /api/admin/getDashboardData': () => jsonResponse(429, { message: 'Too many requests, try again in a minute' }) });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByText('Too many requests, try again in a minute')).toBeInTheDocument();
  });
});
