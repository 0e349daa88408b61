import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { jsonResponse, installPointerEvent, stubApi } from '../../../test/fetch';

beforeEach(() => installPointerEvent());

describe('RegisterPage', () => {
  it('shows the spec messages on blur and the strength label', { timeout: 20_000 }, async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    const first = await screen.findByLabelText(/^First Name/);
    await user.click(first);
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeInTheDocument();

    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    const password = screen.getByLabelText(/^Password/);
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Very Weak');
    await user.type(password, 'abc');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Weak');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    await user.type(password, 'defgh1');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Medium');
    await user.tab();
    expect(await screen.findByText('Must contain at least one uppercase letter')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Abcdefg1!');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strong');

    const confirm = screen.getByLabelText(/^Confirm Password/);
    await user.type(confirm, 'Abcdefg1?');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('requires the terms and defaults the role to tutor; on success goes to /verify-email', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({ 'POST /api/auth/register': () => jsonResponse(201, { message: 'ok', email: 'ada@example.com' }) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/register');
    await user.type(await screen.findByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '07700900000');
    await user.type(screen.getByLabelText(/^Password/), 'Abcdefg1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Abcdefg1!');
    expect(screen.getByLabelText(/^I want to join as/)).toHaveValue('tutor');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/auth/register')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(router.state.location.search).toEqual({ email: 'ada@example.com', isTutor: true });
    expect(calls.find((c) => c.key === 'POST /api/auth/register')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'Abcdefg1!',
      role: 'tutor',
      phone: '07700900000',
    });
  });

  it('redirects a signed-in user to their dashboard', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student' }));
    stubApi({});
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
  });
});
