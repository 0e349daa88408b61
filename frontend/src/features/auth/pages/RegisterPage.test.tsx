import { screen, waitFor, within } from '@testing-library/react';
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

  it('requires the terms and an explicit role (no default); on success goes to /verify-email', { timeout: 20_000 }, async () => {
    const { calls } = stubApi({ 'POST /api/auth/register': () => jsonResponse(201, { message: 'ok', email: 'ada@example.com' }) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/register');
    await user.type(await screen.findByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '07700900000');
    await user.type(screen.getByLabelText(/^Password/), 'Abcdefg1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Abcdefg1!');
    expect(screen.getByLabelText(/^I want to join as/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(screen.getByText('Choose whether you are joining as a student or a tutor')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/auth/register')).toBe(false);
    await user.selectOptions(screen.getByLabelText(/^I want to join as/), 'tutor');

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

  it('arrives with the role a link chose: ?role=student or ?role=tutor, nothing for anything else', async () => {
    stubApi({});
    renderApp('/register?role=student');
    expect(await screen.findByLabelText(/^I want to join as/)).toHaveValue('student');
  });

  it('a ?role=tutor link chooses Tutor', async () => {
    stubApi({});
    renderApp('/register?role=tutor');
    expect(await screen.findByLabelText(/^I want to join as/)).toHaveValue('tutor');
  });

  it('ignores an unknown ?role', async () => {
    stubApi({});
    renderApp('/register?role=admin');
    const select = (await screen.findByLabelText(/^I want to join as/)) as HTMLSelectElement;
    expect(select.value).toBe('');
  });

  it('shows the password rules before the first key, and ticks each as it is met', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/register');
    const rules = await screen.findByRole('list', { name: 'Rules for the password' });
    const items = () => within(rules).getAllByRole('listitem');
    expect(items().map((item) => item.textContent?.replace(/\(.*\)/, '').trim())).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
      'A special character',
    ]);
    expect(items().every((item) => item.getAttribute('data-met') === 'false')).toBe(true);
    await user.type(screen.getByLabelText(/^Password/), 'abc1');
    const met = () => items().filter((item) => item.getAttribute('data-met') === 'true').map((item) => item.textContent);
    expect(met()).toEqual(['A lowercase letter(met)', 'A number(met)']);
    await user.type(screen.getByLabelText(/^Password/), 'DEFG!');
    expect(met()).toHaveLength(5);
  });

  it('redirects a signed-in user to their dashboard', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ _id: 's1', role: 'student' }));
    stubApi({});
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/dashboard'));
  });

  it("puts the server's refusal under the field it names and above the form, keeping what was typed", { timeout: 20_000 }, async () => {
    stubApi({
      'POST /api/auth/register': () =>
        jsonResponse(400, { message: 'An account with this email already exists', code: 'VALIDATION_FAILED', errors: [{ field: 'email', message: 'This email is already registered' }] }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/register?role=student');
    await user.type(await screen.findByLabelText(/^First Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '07700900000');
    await user.type(screen.getByLabelText(/^Password/), 'Abcdefg1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Abcdefg1!');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAccessibleDescription('This email is already registered');
    expect(email).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    await user.type(email, 'x');
    expect(screen.queryByText('This email is already registered')).toBeNull();
  });
});
