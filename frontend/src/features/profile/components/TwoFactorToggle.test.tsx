import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { installPointerEvent, jsonResponse, stubApi } from '../../../test/fetch';
import { TwoFactorToggle } from './TwoFactorToggle';

beforeEach(() => {
  installPointerEvent();
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student', name: 'Sam', email: 'sam@example.com', twoFactorEnabled: true }));
});

describe('TwoFactorToggle', () => {
  it('asks for the password before turning two-factor off, and shows a wrong password', async () => {
    const { calls } = stubApi({
      'PUT /api/auth/two-factor': (body) =>
        (body as { password?: string }).password === 'Right-Pass-1'
          ? jsonResponse(200, { user: { twoFactorEnabled: false } })
          : jsonResponse(403, { message: 'Your password is not correct.', code: 'INVALID_CREDENTIALS' }),
    });
    const user = userEvent.setup({ delay: null });
    render(
      <TestProviders>
        <TwoFactorToggle />
      </TestProviders>,
    );
    const box = await screen.findByRole('checkbox', { name: /Two-factor sign-in/ });
    expect(box).toBeChecked();
    await user.click(box);
    // Nothing is sent until the password is given.
    expect(calls).toHaveLength(0);
    const password = await screen.findByLabelText(/Your password/);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Please enter your password to turn off two-factor sign-in')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(password, 'Wrong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Your password is not correct.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Right-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Two-factor sign-in/ })).not.toBeChecked());
    expect(calls.at(-1)).toEqual({ key: 'PUT /api/auth/two-factor', url: expect.stringMatching(/\/api\/auth\/two-factor$/), body: { enabled: false, password: 'Right-Pass-1' } });
  });
});
