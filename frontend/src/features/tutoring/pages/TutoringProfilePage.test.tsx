import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { captureUploads } from '../../../test/uploads';
import { profileEnvelope, signInAs } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAs('tutor');
});

describe('Tutoring profile: the server decides the state', () => {
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

  it('editable: the profile with the rate in pounds and the week grid, saved as the API takes it', async () => {
    const { calls } = stubApi({
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(200, profileEnvelope('editable')),
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
      'GET /api/tutor/getTutoringProfile': () => jsonResponse(500, { message: 'Database unavailable' }),
    });
    renderApp('/tutor/tutoring-profile');
    expect(await screen.findByText('Error: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
