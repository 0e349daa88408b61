import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';


async function logIn(email = 'ada@example.com', password = 'Secret1!') {
  const user = userEvent.setup({ delay: null });
  const { router } = renderApp('/login');
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return { user, router };
}

const student = { _id: 's1', id: 's1', name: 'Ada', email: 'ada@example.com', role: 'student', onboardingCompleted: true } as const;

describe('LoginPage', { timeout: 15_000 }, () => {
  it('asks for both fields', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
  });

  it('highlights a banned account with the support line', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(403, { message: 'Your account has been banned.', code: 'ACCOUNT_BANNED' }) });
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account has been banned.');
    expect(alert).toHaveTextContent('If you believe this is an error, please contact our support team.');
  });

  it('offers the verify page to an unverified user', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(403, { message: 'Please verify your email before signing in.', code: 'EMAIL_NOT_VERIFIED' }) });
    await logIn();
    const link = await screen.findByRole('link', { name: 'Verify your email' });
    expect(link.getAttribute('href')).toBe('/verify-email?email=ada%40example.com');
  });

  it('branches on the error code, not the wording', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(403, { message: 'Access to this account is suspended.', code: 'ACCOUNT_BANNED' }) });
    await logIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Access to this account is suspended.');
    expect(alert).toHaveTextContent('If you believe this is an error, please contact our support team.');
  });

  it('shows the server message for bad credentials', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }) });
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

  it('ignores a bearer token in the URL: no request is made with it', async () => {
    const { calls } = stubApi({});
    renderApp('/login?userId=u1&token=attacker-token');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).not.toContain('GET /api/auth/me');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks "Continue as …?" for a sign-in link and exchanges it only on Continue', async () => {
    const code = 'abcdefghijklmnopqrstuvwxyz0123456789_-AB';
    const { calls } = stubApi({
      'POST /api/auth/signInLink/preview': () => jsonResponse(200, { name: 'Ada', email: 'ada@example.com' }),
      'POST /api/auth/signInLink/exchange': () => jsonResponse(200, { token: 'tok', user: student }),
      'GET /api/auth/checkProfiles': () => jsonResponse(200, { student: true, tutor: false }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp(`/login?signInCode=${code}`);
    expect(await screen.findByRole('heading', { name: 'Continue as Ada?' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).not.toContain('POST /api/auth/signInLink/exchange');
    await user.click(screen.getByRole('button', { name: 'Continue as Ada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
    expect(calls.find((c) => c.key === 'POST /api/auth/signInLink/exchange')?.body).toEqual({ signInCode: code });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('"Not me" leaves the link unused and shows the form', async () => {
    const { calls } = stubApi({
      'POST /api/auth/signInLink/preview': () => jsonResponse(200, { name: 'Mallory', email: 'm@example.com' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/login?signInCode=abcdefghijklmnopqrstuvwxyz');
    await user.click(await screen.findByRole('button', { name: 'Not me: sign in with my own account' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).not.toContain('POST /api/auth/signInLink/exchange');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says a dead sign-in link failed', async () => {
    stubApi({ 'POST /api/auth/signInLink/preview': () => jsonResponse(400, { message: 'This sign-in link is invalid or has expired.' }) });
    renderApp('/login?signInCode=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to authenticate with provided token. Please log in manually.');
  });

  const REVOKED = 'This sign-in link was cancelled: its account was signed out or its sign-in settings changed since. Please ask for a new link.';

  it('says why a cancelled sign-in link cannot be used (410 SIGN_IN_LINK_REVOKED on Continue): the server\'s line, asking for a new link', async () => {
    stubApi({
      'POST /api/auth/signInLink/preview': () => jsonResponse(200, { name: 'Ada', email: 'ada@example.com' }),
      'POST /api/auth/signInLink/exchange': () => jsonResponse(410, { message: REVOKED, code: 'SIGN_IN_LINK_REVOKED' }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/login?signInCode=abcdefghijklmnopqrstuvwxyz');
    await user.click(await screen.findByRole('button', { name: 'Continue as Ada' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REVOKED);
    expect(alert).not.toHaveTextContent('Failed to authenticate');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says the same when the link was cancelled before its preview', async () => {
    stubApi({ 'POST /api/auth/signInLink/preview': () => jsonResponse(410, { message: REVOKED, code: 'SIGN_IN_LINK_REVOKED' }) });
    renderApp('/login?signInCode=abcdefghijklmnopqrstuvwxyz');
    expect(await screen.findByRole('alert')).toHaveTextContent(REVOKED);
  });

  it('goes to a same-origin ?redirect after the sign-in, never to another site', async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse(200, { token: 'tok', user: student }),
      'GET /api/auth/checkProfiles': () => jsonResponse(200, { student: true, tutor: false }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/login?redirect=%2Fstudent%2Fessays');
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/essays'));
  });

  it.each(['%2F%09%2Fevil.example%2Fpwn', '%2F%0A%2Fevil.example', '%2F%09%5Cevil.example', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example'])(
    'opens the dashboard, not another site, for ?redirect=%s',
    async (redirect) => {
      stubApi({
        'POST /api/auth/login': () => jsonResponse(200, { token: 'tok', user: student }),
        'GET /api/auth/checkProfiles': () => jsonResponse(200, { student: true, tutor: false }),
      });
      const user = userEvent.setup({ delay: null });
      const { router } = renderApp(`/login?redirect=${redirect}`);
      await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
      await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
      expect(router.state.location.href).toBe('/student/dashboard');
    },
  );

  it('keeps Resend waiting out the cooldown, and answers it with the server\'s line', async () => {
    const { calls } = stubApi({
      'POST /api/auth/login': () => jsonResponse(200, { twoFactorRequired: true, userId: 'u1' }),
      'POST /api/auth/resend2FA': () => jsonResponse(200, { message: 'A new code is on its way.' }),
    });
    const { user } = await logIn();
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    await user.click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way.');
    expect(calls.find((c) => c.key === 'POST /api/auth/resend2FA')?.body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(document.title).toBe('Welcome back · Redpen');
  });
});
