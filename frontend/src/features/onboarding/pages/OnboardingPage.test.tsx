import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { installPointerEvent, stubApi } from '../../../test/fetch';
import { controlUploads } from '../../../test/uploads';

beforeEach(() => installPointerEvent());

/** Step 1's answers (an empty grade leaves the A-Level half-filled). */
async function fillBasicInfo(user: ReturnType<typeof userEvent.setup>, { dateOfBirth, grade }: { dateOfBirth: string; grade: string }) {
  await user.upload(screen.getByLabelText(/^Profile Picture/), new File(['png'], 'me.png', { type: 'image/png' }));
  await user.type(screen.getByLabelText(/^Date of Birth/), dateOfBirth);
  await user.type(screen.getByLabelText(/^Motivation/), 'I enjoy helping students.');
  await user.type(screen.getByLabelText(/^University\s*\*?$/), 'UCL');
  await user.type(screen.getByLabelText(/^Course/), 'History');
  await user.type(screen.getByLabelText(/^University Start Date/), '2018-09-20');
  await user.type(screen.getByLabelText(/^Expected Graduation Date/), '2021-06-30');
  await user.type(screen.getByLabelText(/^A-Level Completion Date/), '2018-06-30');
  await user.type(screen.getByLabelText(/^A-Level 1 Subject/), 'History');
  if (grade) await user.type(screen.getByLabelText(/^A-Level 1 Grade/), grade);
  await user.type(screen.getByLabelText(/^Subject 1/), 'History');
  await user.click(within(screen.getByRole('group', { name: 'Levels for subject 1' })).getByRole('checkbox', { name: 'GCSE' }));
}

describe('OnboardingPage', () => {
  it('gives a student who chose "Become a Tutor" a way back to their dashboard, and a tutor-only account none', async () => {
    stubApi({});
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', onboardingCompleted: true }));
    const user = userEvent.setup({ delay: null });
    const { router, unmount } = renderApp('/tutor-onboarding');
    await user.click(await screen.findByRole('link', { name: 'Back to my student dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
    unmount();
    localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: false }));
    renderApp('/tutor-onboarding');
    await screen.findByRole('heading', { level: 1, name: 'Tutor Onboarding' });
    expect(screen.queryByRole('link', { name: 'Back to my student dashboard' })).not.toBeInTheDocument();
  });

  it('blocks step 2 until step 1 is valid (banner, picture, age, half-filled A-level)', { timeout: 30_000 }, async () => {
    stubApi({});
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: false }));
    const user = userEvent.setup({ delay: null });
    renderApp('/tutor-onboarding');
    await screen.findByRole('heading', { level: 1, name: 'Tutor Onboarding' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill in all required fields before proceeding')).toBeInTheDocument();
    expect(screen.getByText('Profile picture is required')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Info' })).toBeInTheDocument();

    await fillBasicInfo(user, { dateOfBirth: '2015-01-01', grade: '' });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('You must be between 16 and 100 years old')).toBeInTheDocument();
    expect(screen.getByText('Enter both a subject and a grade, or remove this A-Level')).toBeInTheDocument();
    expect(screen.queryByText('Profile picture is required')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Info' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Date of Birth/));
    await user.type(screen.getByLabelText(/^Date of Birth/), '2000-01-01');
    await user.type(screen.getByLabelText(/^A-Level 1 Grade/), 'A');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Verification' })).toBeInTheDocument();
  });
});

describe('OnboardingPage, step 2 and the server', () => {
  it('checks Verification on Submit, uploads the answers with the files, and shows a refusal on the step that holds the field', { timeout: 30_000 }, async () => {
    stubApi({});
    const uploads = controlUploads();
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 't1', role: 'tutor', onboardingCompleted: false }));
    const user = userEvent.setup({ delay: null });
    renderApp('/tutor-onboarding');
    await screen.findByRole('heading', { level: 1, name: 'Tutor Onboarding' });

    await fillBasicInfo(user, { dateOfBirth: '2000-01-01', grade: 'A' });
    // Enter in a field of step 1 moves on, as Next does (it used to run step 2's checks).
    await user.type(screen.getByLabelText(/^Course/), '{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Verification' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill in all required fields before proceeding')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(/^Do you have the right to work in the UK\?/), 'yes');
    await user.selectOptions(await screen.findByLabelText(/^Nationality/), 'BritishIrish');
    await user.selectOptions(await screen.findByLabelText(/^Document Type/), 'passport');
    await user.upload(screen.getByLabelText(/^Right to Work Document/), new File(['%PDF'], 'passport.pdf', { type: 'application/pdf' }));
    await user.selectOptions(screen.getByLabelText(/^Do you have an enhanced DBS certificate\?/), 'false');
    await user.selectOptions(await screen.findByLabelText(/^Would you like to start a DBS application\?/), 'false');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    const body = uploads.sent[0]!.body;
    expect(body.get('university')).toBe('UCL');
    expect((body.get('profilePicture') as File).name).toBe('me.png');
    expect(body.get('hasDBS')).toBe('false');

    uploads.respond(400, { code: 'VALIDATION_FAILED', message: 'Validation failed', errors: [{ field: 'university', message: 'University is not recognised' }] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Basic Info' })).toBeInTheDocument();
    expect(screen.getByText('University is not recognised')).toBeInTheDocument();
    // The answers and the files survive the refusal.
    expect(screen.getByLabelText(/^Course/)).toHaveValue('History');
    expect(screen.getByText('me.png')).toBeInTheDocument();
  });
});
