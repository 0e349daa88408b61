import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { jsonResponse, stubApi } from '../../../test/fetch';


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

  it('redirects to /login 3 s after a successful reset', { timeout: 15_000 }, async () => {
    const { calls } = stubApi({ 'POST /api/auth/resetPassword': () => jsonResponse(200, { message: 'Password reset' }) });
    const { router } = renderApp('/reset-password/tok123');
    fireEvent.change(await screen.findByLabelText(/^New Password/), { target: { value: 'Abcdefg1!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Abcdefg1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText('Redirecting to login in 3 seconds...');
    const shownAt = Date.now();
    expect(calls.find((c) => c.key === 'POST /api/auth/resetPassword')?.body).toEqual({ resetToken: 'tok123', newPassword: 'Abcdefg1!' });
    // Real timers (fake ones stall the router's navigation in this setup): still here before 3 s, at /login after.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(router.state.location.pathname).toBe('/reset-password/tok123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2900);
  });
});
