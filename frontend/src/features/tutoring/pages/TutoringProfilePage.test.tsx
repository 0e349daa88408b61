import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { captureUploads } from '../../../test/uploads';
import { profileEnvelope, signInAs } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAs('tutor');
});

describe('Tutoring profile: the server decides the state', { timeout: 30_000 }, () => {
  it('apply: DBS Verification Required, the button reveals the form, which checks its fields before uploading', async () => {
    stubApi({
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('apply')),
    });
    const sent = captureUploads();
    renderApp('/tutor/tutoring-profile');
    expect(await screen.findByRole('heading', { name: 'DBS Verification Required' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'DBS application' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply for DBS Verification' }));
    const form = screen.getByRole('form', { name: 'DBS application' });

    await userEvent.click(within(form).getByRole('button', { name: 'Submit DBS Application' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/Full name/), 'Theo Tutor');
    await userEvent.type(within(form).getByLabelText(/Certificate number/), '001234567890');
    const file = new File(['%PDF-1.4'], 'dbs.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(form).getByLabelText(/DBS certificate/), file);
    await userEvent.click(within(form).getByRole('button', { name: 'Submit DBS Application' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('fullName')).toBe('Theo Tutor');
    expect(sent[0]!.get('certificateNumber')).toBe('001234567890');
    expect((sent[0]!.get('certificateFile') as File).name).toBe('dbs.pdf');
    expect(screen.getByText('0%')).toBeInTheDocument(); // the upload's progress
  });

  it('pending: DBS Pending Approval with the 1-2 business days notice, and no form', async () => {
    stubApi({
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('pending')),
    });
    renderApp('/tutor/tutoring-profile');
    expect(await screen.findByRole('heading', { name: 'DBS Pending Approval' })).toBeInTheDocument();
    expect(screen.getByText(/1-2 business days/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('editable: the profile with the rate in pounds and the week grid (the tutor’s wall clock, sent with its zone), saved as the API takes it', async () => {
    const { calls } = stubApi({
      // Summer time: the UTC map is an hour earlier than the wall clock the grid shows.
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('editable', { availability: { monday: ['08:00-09:00'] } })),
      'POST /api/tutor/updateTutoringProfile': () =>
        jsonResponse(200, {
          message: 'Tutoring profile updated successfully',
          profile: profileEnvelope('editable', {
            hourlyRate: 40.5,
            hourlyRatePence: 4050,
          }).profile,
        }),
    });
    renderApp('/tutor/tutoring-profile');
    const form = await screen.findByRole('form', { name: 'Tutoring profile' });
    expect(within(form).getByLabelText(/Hourly rate/)).toHaveValue('35.00');
    expect(within(form).getByRole('checkbox', { name: 'Monday 09:00-10:00' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Sunday 17:00-18:00' })).not.toBeChecked();

    await userEvent.clear(within(form).getByLabelText(/Hourly rate/));
    await userEvent.type(within(form).getByLabelText(/Hourly rate/), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Profile' }));
    expect(await within(form).findByText(/Hourly rate must be between £1 and £500/)).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText(/Hourly rate/));
    await userEvent.type(within(form).getByLabelText(/Hourly rate/), '40.50');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Wednesday 14:00-15:00' }));
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'Unavailable');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/tutor/updateTutoringProfile')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/tutor/updateTutoringProfile')!.body).toEqual({
      subject: 'Mathematics',
      hourlyRate: 40.5,
      description: 'Patient maths tutor.',
      status: 'Unavailable',
      availability: { monday: ['09:00-10:00'], wednesday: ['14:00-15:00'] },
      timeZone: 'Europe/London',
    });
    expect(await screen.findByText('Tutoring profile updated successfully')).toBeInTheDocument();
  });

  it('a refused save shows the server message', async () => {
    stubApi({
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('editable')),
      'POST /api/tutor/updateTutoringProfile': () =>
        jsonResponse(403, {
          message: 'Tutoring is not approved yet',
          code: 'TUTORING_PROFILE_LOCKED',
        }),
    });
    renderApp('/tutor/tutoring-profile');
    const form = await screen.findByRole('form', { name: 'Tutoring profile' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Tutoring is not approved yet')).toBeInTheDocument();
  });

  it('a load failure shows the error line with Try again', async () => {
    stubApi({
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(500, { message: 'Internal server error' }),
    });
    renderApp('/tutor/tutoring-profile');
    expect(await screen.findByText('Failed to fetch tutoring profile')).toBeInTheDocument();
    expect(screen.queryByText(/Internal server error/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tutoring Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

/** Holds each upload so the test can report progress and answer it (apiUpload uses XMLHttpRequest). */
function controlUploads() {
  const sent: XMLHttpRequest[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
    sent.push(this);
  });
  return {
    sent,
    progress(loaded: number, total: number) {
      act(() => void sent.at(-1)!.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total })));
    },
    respond(status: number, body: unknown) {
      const xhr = sent.at(-1)!;
      Object.defineProperty(xhr, 'status', { value: status });
      Object.defineProperty(xhr, 'responseText', { value: JSON.stringify(body) });
      xhr.getResponseHeader = () => 'application/json';
      act(() => void xhr.dispatchEvent(new Event('load')));
    },
  };
}

async function submitDbsForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Apply for DBS Verification' }));
  const form = screen.getByRole('form', { name: 'DBS application' });
  await userEvent.type(within(form).getByLabelText(/Full name/), 'Theo Tutor');
  await userEvent.type(within(form).getByLabelText(/Certificate number/), '001234567890');
  await userEvent.upload(within(form).getByLabelText(/DBS certificate/), new File(['%PDF-1.4'], 'dbs.pdf', { type: 'application/pdf' }));
  await userEvent.click(within(form).getByRole('button', { name: 'Submit DBS Application' }));
}

describe('Tutoring profile: after the DBS application', { timeout: 30_000 }, () => {
  it('shows the progress, then reloads the data and shows the pending state', async () => {
    let envelope = profileEnvelope('apply');
    const { calls } = stubApi({ 'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, envelope) });
    const uploads = controlUploads();
    renderApp('/tutor/tutoring-profile');
    await submitDbsForm();
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.progress(50, 100);
    expect(await screen.findByText('50%')).toBeInTheDocument();
    const loadsBefore = calls.filter((c) => c.key === 'GET /api/tutor/getTutoringProfile').length;
    envelope = profileEnvelope('pending');
    uploads.respond(200, { ...envelope, message: 'DBS application submitted successfully' });
    expect(await screen.findByRole('heading', { name: 'DBS Pending Approval' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/tutor/getTutoringProfile').length).toBeGreaterThan(loadsBefore);
    expect(screen.getByText('DBS application submitted successfully')).toBeInTheDocument();
  });

  it('puts a refused file back on the form with the server message', async () => {
    stubApi({ 'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('apply')) });
    const uploads = controlUploads();
    renderApp('/tutor/tutoring-profile');
    await submitDbsForm();
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond(415, { message: 'Invalid file selected. Please upload a PDF, JPG or PNG.', code: 'UPLOAD_TYPE_NOT_ALLOWED' });
    expect(await screen.findByText('Invalid file selected. Please upload a PDF, JPG or PNG.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'DBS application' })).toBeInTheDocument();
  });

  it('a 401 shows the Authentication Error screen with Go to Login', async () => {
    stubApi({ 'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('apply')) });
    const uploads = controlUploads();
    const { router } = renderApp('/tutor/tutoring-profile');
    await submitDbsForm();
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond(401, { message: 'Unauthenticated' });
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Authentication error. Please log in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tutor/tutoring-profile');
  });
});
