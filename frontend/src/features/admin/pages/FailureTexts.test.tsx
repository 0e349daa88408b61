import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, offSchemaResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { signInAdmin } from '../test-fixtures';

const SERVER_ERROR = { message: 'Internal server error' };

function signInTutor() {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', name: 'Tess', email: 'tess@example.com', onboardingCompleted: true }));
  localStorage.setItem('currentRole', 'tutor');
}
function signInStudent() {
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Sam', email: 'sam@example.com', onboardingCompleted: true }));
  localStorage.setItem('currentRole', 'student');
}

/** A failed load shows the page's own failure text (never "Error: Internal server error") inside the page's title. */
async function expectFailure(path: string, text: string, title: string) {
  renderApp(path);
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
}

describe('load failures show the page’s own text', () => {
  it('Tutor Management: Failed to load tutors', async () => {
    signInAdmin();
    stubApi({ 'GET /api/admin/getAllTutors': () => jsonResponse(500, SERVER_ERROR) });
    await expectFailure('/admin/tutors-management', 'Failed to load tutors', 'Tutor Management');
  });

  it('Payment Management: Failed to load payments', async () => {
    signInAdmin();
    stubApi({ 'GET /api/admin/payments': () => jsonResponse(500, SERVER_ERROR), 'GET /api/admin/payments/stats': () => offSchemaResponse(500, SERVER_ERROR) });
    await expectFailure('/admin/payments', 'Failed to load payments', 'Payment Management');
  });

  it('Approve Tutors: Error fetching unapproved tutors', async () => {
    signInAdmin();
    stubApi({ 'GET /api/admin/getUnapprovedTutors': () => jsonResponse(500, SERVER_ERROR) });
    await expectFailure('/admin/tutors', 'Error fetching unapproved tutors', 'Approve Tutors');
  });

  it('the tutor list: Failed to load tutors.', async () => {
    signInStudent();
    stubApi({ 'GET /api/tutor/getTutorProfilesforTutoring': () => jsonResponse(500, SERVER_ERROR) });
    renderApp('/student/tutor-list');
    expect(await screen.findByText('Failed to load tutors.')).toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
  });

  it("the tutor's profile: Could not load tutor profile.", async () => {
    signInTutor();
    stubApi({ 'GET /api/tutor/getProfile': () => jsonResponse(500, SERVER_ERROR), 'GET /api/tutor/payoutAccount': () => jsonResponse(500, SERVER_ERROR) });
    await expectFailure('/tutor/profile', 'Could not load tutor profile.', 'My Profile');
  });
});
