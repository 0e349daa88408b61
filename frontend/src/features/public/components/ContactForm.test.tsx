import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '../test/utils';
import { ContactForm } from './ContactForm';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(field);
    await user.type(field, value);
  }
}

const VALID = { Name: 'Ada Lovelace', Email: 'ada@example.com', Subject: 'Essay turnaround', Message: 'How fast is expedited?' };

describe('ContactForm', () => {
  it('shows every required message, links each to its field and focuses the first', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<ContactForm />);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    for (const [label, message] of [
      ['Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Subject', 'Subject is required'],
      ['Message', 'Message is required'],
    ] as const) {
      const error = await screen.findByText(message);
      const field = screen.getByLabelText(new RegExp(`^${label}`));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    }
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email address', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<ContactForm />);
    await fillIn(user, { ...VALID, Email: 'ada@example' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it('posts the message and shows the success view, then resets', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { message: 'Message sent' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const again = await screen.findByRole('button', { name: 'Send another message' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The generated client hands fetch one Request.
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(new URL(request.url).pathname).toBe('/api/contact');
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Essay turnaround',
      message: 'How fast is expedited?',
    });

    await user.click(again);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('has a honeypot field people cannot reach, sent only when a robot fills it in', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(202, { message: 'Thank you! Your message has been sent.', reference: 'RP-AAAA-BBBB' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithTheme(<ContactForm />);
    const honeypot = container.querySelector<HTMLInputElement>('form [name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Leave this field empty/ })).toBeNull();

    await fillIn(user, VALID);
    await user.type(honeypot!, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('button', { name: 'Send another message' });
    const [request] = fetchMock.mock.calls[0] as unknown as [Request];
    expect(await request.json()).toMatchObject({ name: 'Ada Lovelace', website: 'http://spam.example' });
  });

  it('shows the failure message when sending fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { message: 'boom' })));
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
  });

  it('shows the failure message when the network is down', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
  });

  it("shows the server's message when rate limited", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { message: 'Too many messages. Try again in 10 minutes.' })));
    const user = userEvent.setup({ delay: null });
    renderWithTheme(<ContactForm />);
    await fillIn(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many messages. Try again in 10 minutes.'),
    );
  });
});
