import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { cooldownKey } from '../cooldown';
import { jsonResponse, stubApi } from '../../../test/fetch';


describe('VerifyEmailPage', () => {
  it('needs the email from navigation', async () => {
    stubApi({});
    renderApp('/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is missing. Please go back to the registration page.');
  });

  it('keeps the resend cooldown across a reload (localStorage)', async () => {
    localStorage.setItem(cooldownKey('verify', 'ada@example.com'), String(Date.now() + 42_000));
    stubApi({});
    renderApp('/verify-email?email=ada%40example.com');
    const button = await screen.findByRole('button', { name: /Resend code in 4[12]s/ });
    expect(button).toBeDisabled();
  });

  it('starts a 60 s cooldown after a resend and stores it', async () => {
    stubApi({ 'POST /api/auth/resendCode': () => jsonResponse(200, { message: 'A new code is on its way' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/verify-email?email=ada%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code is on its way')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend code in (60|59)s/ })).toBeDisabled();
    const until = Number(localStorage.getItem(cooldownKey('verify', 'ada@example.com')));
    expect(until - Date.now()).toBeGreaterThan(58_000);
  });

  it('asks for the code, then without a token goes to /login with the success message', async () => {
    stubApi({ 'POST /api/auth/verifyEmail': () => jsonResponse(200, {}) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/verify-email?email=ada%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Verify email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the verification code');
    await user.type(screen.getByLabelText(/^Verification code/), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Email verified successfully! Please login')).toBeInTheDocument();
  });
});
