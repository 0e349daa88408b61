import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_REDIRECT_MS } from '../schemas';
import { renderApp } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';

afterEach(() => {
  vi.useRealTimers();
});

describe('ResetPasswordPage', () => {
  it('checks the fields', async () => {
    stubApi({});
    renderApp('/reset-password/tok123');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Abcdefg1!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Abcdefg1?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  it('redirects to /login 3 s after a successful reset', async () => {
    const { calls } = stubApi({ 'POST /api/auth/resetPassword': () => jsonResponse(200, { message: 'Password reset' }) });
    const { router } = renderApp('/reset-password/tok123');
    fireEvent.change(await screen.findByLabelText(/^New Password/), { target: { value: 'Abcdefg1!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Abcdefg1!' } });
    // The redirect's timer runs on the fake clock: the test moves time on instead of waiting 3 real seconds.
    // Testing Library's async helpers drain with setTimeout(0) and advance fake timers only when they see `jest`.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText('Redirecting to login in 3 seconds...');
    expect(calls.find((c) => c.key === 'POST /api/auth/resetPassword')?.body).toEqual({ resetToken: 'tok123', newPassword: 'Abcdefg1!' });
    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe('/reset-password/tok123');
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The navigation has started; the router finishes it on the real clock.
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
