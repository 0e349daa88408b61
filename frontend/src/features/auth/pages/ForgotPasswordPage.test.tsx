import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';

describe('ForgotPasswordPage', () => {
  it('checks the email, then says where the link went', async () => {
    const { calls } = stubApi({ 'POST /api/auth/requestPasswordReset': () => jsonResponse(200, { message: 'The link is valid for one hour.' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText(/^Email/);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'ada@');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await user.type(email, 'example.com ');
    expect(email).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If an account exists for ada@example.com, we have sent a link to reset your password.');
    expect(screen.getByText('The link is valid for one hour.')).toBeVisible();
    expect(calls.find((c) => c.key === 'POST /api/auth/requestPasswordReset')?.body).toEqual({ email: 'ada@example.com' });
  });

  it("shows the server's refusal above the form and keeps the address", async () => {
    stubApi({ 'POST /api/auth/requestPasswordReset': () => jsonResponse(429, { message: 'Too many requests. Try again in 60 seconds.' }) });
    const user = userEvent.setup({ delay: null });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 60 seconds.');
    expect(email).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});
