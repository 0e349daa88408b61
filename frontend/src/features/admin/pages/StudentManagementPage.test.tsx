import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { pagination, requestedUrls, signInAdmin, student } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAdmin();
});

describe('Student Management', () => {
  it('lists one page of students as cards with their badges, and asks the server for the next page and for a search', { timeout: 20_000 }, async () => {
    const { fetchMock } = stubApi({
      'GET /api/admin/getAllStudents': () =>
        jsonResponse(200, {
          students: [student('s1', { phone: '07700 900000', dateOfBirth: '2008-03-01' }), student('s2', { name: '', email: '', banned: true, emailVerified: false })],
          pagination: pagination(1, 3, 30),
        }),
    });
    const user = userEvent.setup();
    renderApp('/admin/students');

    expect(await screen.findByRole('heading', { name: 'Student Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage and view all registered students')).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Student s1' });
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('07700 900000')).toBeInTheDocument();
    expect(within(first).getByText('Email Verified: Verified')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'No name' });
    expect(within(second).getByText('Banned')).toBeInTheDocument();
    expect(within(second).getByText('No email')).toBeInTheDocument();
    expect(within(second).getByText('Email Verified: Not Verified')).toBeInTheDocument();
    expect(screen.getByText('Total Students: 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('getAllStudents') && url.includes('page=2'))).toBe(true));
    await user.type(screen.getByRole('searchbox', { name: 'Search students' }), 'sam');
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.includes('search=sam') && url.includes('page=1'))).toBe(true), { timeout: 3000 });
  });

  it('says why the list is empty: nobody yet, or nothing matches the search', async () => {
    stubApi({ 'GET /api/admin/getAllStudents': () => jsonResponse(200, { students: [], pagination: pagination(1, 1, 0) }) });
    renderApp('/admin/students');
    expect(await screen.findByText('No students found')).toBeInTheDocument();
    expect(screen.getByText('No students have registered yet')).toBeInTheDocument();

    renderApp('/admin/students?search=zed');
    expect(await screen.findByText('Try adjusting your search terms.')).toBeInTheDocument();
  });

  it('shows the error panel when the list fails', async () => {
    stubApi({ 'GET /api/admin/getAllStudents': () => jsonResponse(500, { message: 'Internal server error' }) });
    renderApp('/admin/students');
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to load students')).toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Student Management' })).toBeInTheDocument();
  });

  it('bans from the details dialog after the confirmation (Yes), and alerts when the ban fails', { timeout: 20_000 }, async () => {
    let fail = false;
    const { calls } = stubApi({
      'GET /api/admin/getAllStudents': () => jsonResponse(200, { students: [student('s1')], pagination: pagination(1, 1, 1) }),
      'GET /api/admin/getStudentById/{id}': () => jsonResponse(200, { student: { ...student('s1'), bio: null, major: null, university: null } }),
      'GET /api/admin/audit': () => jsonResponse(200, { entries: [] }),
      'GET /api/admin/tutoring/banImpact/{userId}': () => jsonResponse(200, { upcomingSessions: 2, unpaidHolds: 1 }),
      'PUT /api/admin/updateStudent/{id}': () => (fail ? jsonResponse(500, { message: 'nope' }) : jsonResponse(200, { message: 'Student updated', student: { _id: 's1', banned: true } })),
    });
    const user = userEvent.setup();
    renderApp('/admin/students');

    await user.click(await screen.findByRole('button', { name: 'View Details: Student s1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Student Details' });
    expect(await within(dialog).findAllByText('Not provided')).toHaveLength(2); // phone and date of birth
    expect(within(dialog).getByText('Completed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ban Student' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to ban Student s1?')).toBeInTheDocument();
    expect(within(confirm).getByText('This action will restrict their access to the platform.')).toBeInTheDocument();
    // What the ban ends in tutoring, stated before the Yes.
    expect(await within(confirm).findByText('Their 2 upcoming sessions will be cancelled and refunded in full; 1 unpaid hold will end.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/admin/tutoring/banImpact/s1')).toBe(true);
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/admin/updateStudent/s1')?.body).toEqual({ banned: true }));

    fail = true;
    await user.click(within(dialog).getByRole('button', { name: 'Ban Student' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Failed to ban student. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
