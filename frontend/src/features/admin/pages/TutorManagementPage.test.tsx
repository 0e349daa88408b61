import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { pagination, requestedUrls, signInAdmin, tutor } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAdmin();
});

const detail = (over: Record<string, unknown> = {}) => ({
  ...tutor('t1'),
  aLevels: [],
  documents: { BritishIrish: null, EuEeaSwiss: null, NonEuEea: null },
  gcseDocuments: [],
  universityDocuments: [],
  userId: { name: 'Tutor t1', email: 't1@example.com' },
  ...over,
});

describe('Tutor Management', () => {
  it('shows cards with status, stars rounded from the average, the count and the approval badges; the filter goes to the server', { timeout: 20_000 }, async () => {
    const { fetchMock } = stubApi({
      'GET /api/admin/getAllTutors': () =>
        jsonResponse(200, { tutors: [tutor('t1'), tutor('t2', { status: 'Banned', banned: true, approved_essay: false, approved_tutoring: true })], pagination: pagination(1, 1, 2) }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tutors-management');

    const first = await screen.findByRole('article', { name: 'Tutor t1' });
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 4.4 out of 5 from 12 reviews' })).toBeInTheDocument();
    expect(within(first).getByText('4.4 (12)')).toBeInTheDocument();
    expect(within(first).getByText('Essay ✓')).toBeInTheDocument();
    expect(within(first).queryByText('Tutoring ✓')).not.toBeInTheDocument();
    expect(within(first).getByText('3 years experience')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Tutor t2' });
    expect(within(second).getByText('Banned')).toBeInTheDocument();
    expect(within(second).getByText('Tutoring ✓')).toBeInTheDocument();
    expect(screen.getByText('Total Tutors: 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filter'), 'Pending Approval');
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('filter=pending'))).toBe(true));
  });

  it('says "No tutors found" with the hint for a filter', async () => {
    stubApi({ 'GET /api/admin/getAllTutors': () => jsonResponse(200, { tutors: [], pagination: pagination(1, 1, 0) }) });
    renderApp('/admin/tutors-management?approval=essay');
    expect(await screen.findByText('No tutors found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms or filters.')).toBeInTheDocument();
  });

  it('shows "Failed to load tutors" in the error panel', async () => {
    stubApi({
      'GET /api/admin/getAllTutors': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/admin/tutors-management');
    expect(await screen.findByText('Failed to load tutors')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('shows the details dialog sections and unbans after Yes', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/getAllTutors': () => jsonResponse(200, { tutors: [tutor('t1', { status: 'Banned', banned: true })], pagination: pagination(1, 1, 1) }),
      'GET /api/admin/getTutorById/{id}': () => jsonResponse(200, { tutor: detail({ status: 'Banned', banned: true, motivation: 'I love history.' }) }),
      'GET /api/admin/audit': () => jsonResponse(200, { entries: [] }),
      'PUT /api/admin/updateTutor/{id}': () => jsonResponse(200, { message: 'Tutor updated', tutor: { _id: 't1' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tutors-management');
    await user.click(await screen.findByRole('button', { name: 'View Details: Tutor t1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutor Details' });
    for (const section of ['Personal Information', 'Academic Information', 'Platform Status', 'Teaching Subjects', 'Motivation']) {
      expect(await within(dialog).findByText(section)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('Not Completed')).toBeInTheDocument();
    expect(within(dialog).getByText('4.4 (12 reviews)')).toBeInTheDocument();
    expect(within(dialog).getByText('History: GCSE, A-Level')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unban Tutor' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to unban Tutor t1?')).toBeInTheDocument();
    expect(within(confirm).queryByText('This action will restrict their access to the platform.')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/admin/updateTutor/t1')?.body).toEqual({ banned: false }));
  });
});
