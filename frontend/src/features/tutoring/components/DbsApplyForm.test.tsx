import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { controlUploads } from '../../../test/uploads';
import { profileEnvelope, signInAs } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAs('tutor');
});

/** Fills the DBS application with a certificate and submits it; the upload waits for the test's answer. */
async function submitApplication() {
  stubApi({ 'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('apply')) });
  const uploads = controlUploads();
  renderApp('/tutor/tutoring-profile');
  await userEvent.click(await screen.findByRole('button', { name: 'Apply for DBS Verification' }));
  const form = screen.getByRole('form', { name: 'DBS application' });
  await userEvent.type(within(form).getByLabelText(/Full name/), 'Theo Tutor');
  await userEvent.type(within(form).getByLabelText(/Certificate number/), '001234567890');
  await userEvent.upload(within(form).getByLabelText(/DBS certificate/), new File(['x'], 'cert.pdf', { type: 'application/pdf' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Submit DBS Application' }));
  await waitFor(() => expect(uploads.sent).toHaveLength(1));
  return { uploads, form };
}

describe('DbsApplyForm: a failed submission', { timeout: 30_000 }, () => {
  it('a server failure (500) says "Failed to submit DBS application" and nothing of the server\'s own words', async () => {
    const { uploads, form } = await submitApplication();
    uploads.respond(500, { message: 'Internal server error' });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to submit DBS application');
    expect(alert).not.toHaveTextContent('Internal server error');
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
  });

  it('a refusal (400) says "Failed to submit DBS application" with the server\'s reason under it', async () => {
    const { uploads, form } = await submitApplication();
    uploads.respond(400, { message: 'Certificate number must be 12 digits' });
    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByText('Failed to submit DBS application')).toBeInTheDocument();
    expect(within(alert).getByText('Certificate number must be 12 digits')).toBeInTheDocument();
    // The form stays, ready for a corrected try.
    expect(screen.getByRole('form', { name: 'DBS application' })).toBeInTheDocument();
  });
});
