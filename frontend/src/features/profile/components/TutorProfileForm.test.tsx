import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Schema } from '../../../api/client';
import { renderApp } from '../../../test/render';
import { installPointerEvent, jsonResponse, stubApi, type Loose } from '../../../test/fetch';
import { controlUploads } from '../../../test/uploads';

const TUTOR: Loose<Schema<'TutorProfileDto'>> = { name: 'Tess Tutor', email: 'tess@example.com', approved: true, subjects: [{ name: 'History', levels: ['GCSE'] }] };

beforeEach(() => installPointerEvent());

/** A signed-in tutor saves the profile form with a new picture; the upload waits for the test's answer. */
async function saveWithPicture() {
  stubApi({ 'GET /api/tutor/getProfile': () => jsonResponse(200, { tutor: TUTOR }) });
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: true }));
  const uploads = controlUploads();
  const user = userEvent.setup({ delay: null });
  renderApp('/tutor/profile');
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await user.upload(screen.getByLabelText(/Profile Picture/), new File(['x'], 'me.png', { type: 'image/png' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(uploads.sent).toHaveLength(1));
  return uploads;
}

describe('TutorProfileForm: a failed save', { timeout: 30_000 }, () => {
  it('a server failure (500) says "Failed to update profile" and nothing of the server\'s own words', async () => {
    const uploads = await saveWithPicture();
    uploads.respond(500, { message: 'Internal server error' });
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
    // The form stays open with what the tutor entered.
    expect(screen.getByRole('form', { name: 'Edit tutor profile form' })).toBeInTheDocument();
  });

  it('a refusal (400) says "Failed to update profile" with the server\'s reason under it', async () => {
    const uploads = await saveWithPicture();
    uploads.respond(400, { message: 'Years of experience must be a whole number' });
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByText('Years of experience must be a whole number')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit tutor profile form' })).toBeInTheDocument();
  });
});
