import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import type { Schema } from '../../../api/client';
import { installPointerEvent, jsonResponse, stubApi, type Loose } from '../../../test/fetch';
import { captureUploads } from '../../../test/uploads';

const TUTOR: Loose<Schema<'TutorProfileDto'>> = { name: 'Tess Tutor', email: 'tess@example.com', approved: true, subjects: [{ name: 'History', levels: ['GCSE'] }] };

beforeEach(() => installPointerEvent());

/** A signed-in tutor whose profile is `tutor`, on /tutor/profile with the edit form open. */
async function openEditForm(tutor: typeof TUTOR) {
  stubApi({ 'GET /api/tutor/getProfile': () => jsonResponse(200, { tutor }) });
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: true }));
  const sent = captureUploads();
  const user = userEvent.setup({ delay: null });
  renderApp('/tutor/profile');
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return { user, sent };
}

describe('TutorProfilePage editing', () => {
  it('points out a half-filled subject instead of dropping it, and sends the rows once complete', { timeout: 30_000 }, async () => {
    const { user, sent } = await openEditForm(TUTOR);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await user.type(screen.getByLabelText(/^Subject 2/), '  Politics ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a subject name and choose at least one level, or remove this subject')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(within(screen.getByRole('group', { name: 'Levels for subject 2' })).getByRole('checkbox', { name: 'A-Level' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0].get('subjects')))).toEqual([
      { name: 'History', levels: ['GCSE'] },
      { name: 'Politics', levels: ['A-Level'] },
    ]);
    expect(screen.queryByText('Enter a subject name and choose at least one level, or remove this subject')).not.toBeInTheDocument();
  });

  it('asks for a subject when every row is emptied', { timeout: 30_000 }, async () => {
    const { user, sent } = await openEditForm({ ...TUTOR, subjects: [] });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one subject with its levels')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('ties a row error to its name field and levels, and drops it when the row is removed', { timeout: 30_000 }, async () => {
    const { user, sent } = await openEditForm(TUTOR);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    await user.type(screen.getByLabelText(/^Subject 2/), 'Politics');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText('Enter a subject name and choose at least one level, or remove this subject');
    const name = screen.getByLabelText(/^Subject 2/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByRole('group', { name: 'Levels for subject 2' })).toHaveAttribute('data-invalid');

    await user.click(screen.getByRole('button', { name: 'Remove subject 2' }));
    expect(screen.queryByText('Enter a subject name and choose at least one level, or remove this subject')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject 1/)).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(0);
  });
});

describe('TutorProfilePage standing', () => {
  function show(tutor: typeof TUTOR) {
    stubApi({ 'GET /api/tutor/getProfile': () => jsonResponse(200, { tutor }) });
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: true }));
    renderApp('/tutor/profile');
  }

  it('shows the Study Level the tutor entered, marked as awaiting approval while an admin has not confirmed it', { timeout: 30_000 }, async () => {
    show({ ...TUTOR, StudyLevel: 'Bachelors', pendingStudyLevel: 'Masters' });
    expect(await screen.findAllByText('Masters (awaiting approval)')).not.toHaveLength(0);
    expect(screen.queryByText('Bachelors')).not.toBeInTheDocument();
  });

  it('shows no "DBS checked" badge for a certificate on file that an admin has not verified', { timeout: 30_000 }, async () => {
    show({ ...TUTOR, approved: false, hasDBS: false, appliedForDBS: true, dbsDetails: { fullName: 'Tess Tutor', certificateNumber: '001234567890', certificateFileUrl: 'https://files.test/dbs.pdf' } });
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.queryByText('DBS checked')).not.toBeInTheDocument();
  });
});
