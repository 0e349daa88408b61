import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { renderApp } from '../../../test/render';
import { signInAdmin, tutor } from '../test-fixtures';

beforeEach(() => {
  installPointerEvent();
  signInAdmin();
});

const applicant = (over: Record<string, unknown> = {}) => ({
  ...tutor('t1', { approved: false, approved_essay: false, status: 'Pending', waiting: ['application', 'dbs'] }),
  aLevels: [],
  aLevelsCertificate: null,
  documents: { BritishIrish: { passportURL: 'https://s3.test/passport.pdf?sig=1', NINumber: 'QQ123456C', UkBornOrAdoptedCertificateURL: null }, EuEeaSwiss: null, NonEuEea: null },
  gcseDocuments: [],
  universityDocuments: ['https://s3.test/degree.pdf?sig=2'],
  dbsDetails: { fullName: 'Tutor t1', certificateNumber: '001234567890', certificateFileUrl: 'https://s3.test/dbs.pdf?sig=3' },
  dbsCertificateOnFile: true,
  pendingProfilePicture: false,
  pendingProfilePictureUrl: null,
  pendingStudyLevel: null,
  userId: { name: 'Tutor t1', email: 't1@example.com' },
  ...over,
});

describe('Approve Tutors', () => {
  it('opens a document inline, requires a study level, confirms, and approves', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/getUnapprovedTutors': () => jsonResponse(200, { tutors: [applicant()] }),
      'POST /api/admin/approveTutor': () => jsonResponse(200, { message: 'Tutor approvals updated successfully', tutor: { _id: 't1' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tutors');

    const card = await screen.findByRole('group', { name: 'Tutor t1' }, { timeout: 5000 });
    expect(within(card).getByText('New application')).toBeInTheDocument();
    expect(within(card).getByText('DBS certificate to verify')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'DBS certificate' }));
    expect(within(card).getByTitle('DBS certificate')).toHaveAttribute('src', 'https://s3.test/dbs.pdf?sig=3');

    await user.click(within(card).getByRole('button', { name: 'Update approvals' }));
    expect(await within(card).findByText('Please select a study level', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/admin/approveTutor')).toBe(false);

    await user.selectOptions(within(card).getByLabelText(/Study level/), 'Masters');
    await user.click(within(card).getByText('Approve for essays'));
    await user.click(within(card).getByRole('button', { name: 'Update approvals' }));
    await user.click(within(await screen.findByRole('alertdialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/admin/approveTutor')?.body).toEqual({
        tutorId: 't1',
        StudyLevel: 'Masters',
        approved_essay: true,
        approved_tutoring: false,
        expectedStudyLevel: 'Masters',
      }),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Tutor approvals updated successfully', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says "Error updating tutor approvals" when the approval fails, and cannot approve tutoring without a certificate', { timeout: 20_000 }, async () => {
    stubApi({
      'GET /api/admin/getUnapprovedTutors': () => jsonResponse(200, { tutors: [applicant({ dbsCertificateOnFile: false, dbsDetails: null })] }),
      'POST /api/admin/approveTutor': () => jsonResponse(500, { message: 'boom' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tutors');
    const card = await screen.findByRole('group', { name: 'Tutor t1' }, { timeout: 5000 });
    expect(within(card).getByText('Tutoring needs a DBS certificate on file.')).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Approve for tutoring' })).toBeDisabled();
    await user.selectOptions(within(card).getByLabelText(/Study level/), 'PhD');
    await user.click(within(card).getByRole('button', { name: 'Update approvals' }));
    await user.click(within(await screen.findByRole('alertdialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error updating tutor approvals', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('an approval names the level the page showed; when the tutor asked again meanwhile, a notice says so and the new request shows', { timeout: 20_000 }, async () => {
    let loads = 0;
    const { calls } = stubApi({
      'GET /api/admin/getUnapprovedTutors': () => {
        loads += 1;
        return jsonResponse(200, { tutors: [applicant({ approved: true, StudyLevel: 'Bachelors', waiting: ['studyLevel'], pendingStudyLevel: loads === 1 ? 'Masters' : 'PhD' })] });
      },
      'POST /api/admin/reviewTutorChange': () =>
        jsonResponse(409, { code: 'CHANGE_SUPERSEDED', message: 'The tutor now asks for PhD, not Masters as when you loaded the page. Please review the new request.' }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tutors');
    const card = await screen.findByRole('group', { name: 'Tutor t1' }, { timeout: 5000 });
    expect(within(card).getByText('Study level change: Bachelors → Masters')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve level' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/admin/reviewTutorChange')?.body).toEqual({ tutorId: 't1', change: 'StudyLevel', approve: true, StudyLevel: 'Masters' }), {
      timeout: 5000,
    });
    expect(await screen.findByText('The tutor changed this request', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/now asks for PhD/)).toBeInTheDocument();
    expect(await within(card).findByText('Study level change: Bachelors → PhD', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Study level approved')).not.toBeInTheDocument();
  });

  it('a picture approval names the picture shown', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({
      'GET /api/admin/getUnapprovedTutors': () =>
        jsonResponse(200, {
          tutors: [applicant({ approved: true, waiting: ['profilePicture'], pendingProfilePicture: true, pendingProfilePictureUrl: 'https://s3.test/new.png?sig=4', pendingProfilePictureKey: 'tutors/t1/new.png' })],
        }),
      'POST /api/admin/reviewTutorChange': () => jsonResponse(200, { message: 'Change approved', tutor: { _id: 't1' } }),
    });
    const user = userEvent.setup();
    renderApp('/admin/tutors');
    const card = await screen.findByRole('group', { name: 'Tutor t1' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Approve picture' }));
    await waitFor(
      () => expect(calls.find((c) => c.key === 'POST /api/admin/reviewTutorChange')?.body).toEqual({ tutorId: 't1', change: 'profilePicture', approve: true, profilePictureKey: 'tutors/t1/new.png' }),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Profile picture approved', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says "Error fetching unapproved tutors" when the list cannot load', { timeout: 15_000 }, async () => {
    stubApi({
      'GET /api/admin/getUnapprovedTutors': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/admin/tutors');
    expect(await screen.findByText('Error fetching unapproved tutors', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says so when nobody is waiting', async () => {
    stubApi({ 'GET /api/admin/getUnapprovedTutors': () => jsonResponse(200, { tutors: [] }) });
    renderApp('/admin/tutors');
    expect(await screen.findByText('No tutors are waiting for approval.')).toBeInTheDocument();
  });
});
