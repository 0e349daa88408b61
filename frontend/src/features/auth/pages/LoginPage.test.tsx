import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { jsonResponse, stubApi } from '../test/fetch';


async function logIn(email = 'ada@example.com', password = 'Secret1!') {
  const user = userEvent.setup();
  const { router } = renderApp('/login');
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return { user, router };
}

const student = { _id: 's1', id: 's1', name: 'Ada', email: 'ada@example.com', role: 'student', onboardingCompleted: true };

describe('LoginPage', { timeout: 15_000 }, () => {
  it('asks for both fields', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
  });

  it('highlights a banned account with the support line', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(403, { message: 'Your account has been banned.' }) });
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account has been banned.');
    expect(alert).toHaveTextContent('If you believe this is an error, please contact our support team.');
  });

  it('offers the verify page to an unverified user', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(403, { message: 'Please verify your email before signing in.' }) });
    await logIn();
    const link = await screen.findByRole('link', { name: 'Verify your email' });
    expect(link.getAttribute('href')).toBe('/verify-email?email=ada%40example.com');
  });

  it('shows the server message for bad credentials', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(401, { message: 'Invalid email or password' }) });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('reports a changed authentication process when no token comes back', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(200, { message: 'ok' }) });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication process has changed. Please contact support or try again later.',
    );
  });

  it('runs the two-factor step, then signs in and checks the profiles', async () => {
    const { calls } = stubApi({
      'POST /api/auth/login': () => jsonResponse(200, { twoFactorRequired: true, userId: 'u1', message: 'Code sent' }),
      'POST /api/auth/verify2FA': () => jsonResponse(200, { token: 'tok', user: student }),
      'GET /api/auth/checkProfiles': () => jsonResponse(200, { student: true, tutor: false }),
    });
    const { user, router } = await logIn();
    const code = await screen.findByLabelText(/^Verification code/);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the verification code');
    await user.type(code, 'ABC1234');
    expect(code).toHaveValue('ABC123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
    expect(calls.find((c) => c.key === 'POST /api/auth/verify2FA')?.body).toEqual({ userId: 'u1', twoFAToken: 'ABC123' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').profiles).toEqual({ student: true, tutor: false });
  });

  it('sends a tutor without onboarding to /tutor-onboarding', async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse(200, { token: 'tok', user: { ...student, role: 'tutor', onboardingCompleted: false } }),
      'GET /api/auth/checkProfiles': () => jsonResponse(200, { student: false, tutor: true }),
    });
    const { router } = await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor-onboarding'));
  });

  it('clears everything when the profile check fails', async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse(200, { token: 'tok', user: student }),
      'GET /api/auth/checkProfiles': () => jsonResponse(500, { message: 'Profile check failed' }),
    });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile check failed');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs in directly with userId and token, or says it failed', async () => {
    stubApi({ 'GET /api/auth/me': () => jsonResponse(401, { message: 'bad token' }) });
    renderApp('/login?userId=u1&token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to authenticate with provided token. Please log in manually.',
    );
  });
});
