import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render';
import type { ChatMessage } from './chat-events';
import { MessageList, type ListedMessage } from './MessageList';

const ME = 'me';
const message = (over: Partial<ListedMessage> = {}): ListedMessage => ({
  _id: 'm1',
  sender: 'them',
  recipient: ME,
  senderModel: 'Tutor',
  senderRole: 'tutor',
  content: 'Hello',
  timestamp: new Date().toISOString(),
  essayId: null,
  masked: [],
  ...over,
} as ChatMessage);

function renderList(props: Partial<Parameters<typeof MessageList>[0]>) {
  render(
    <TestProviders>
      <MessageList messages={[]} myId={ME} {...props} />
    </TestProviders>,
  );
  return screen.getByRole('log', { name: 'Messages' });
}

describe('MessageList', () => {
  it('says when the thread is empty', () => {
    renderList({ empty: 'No messages yet.' });
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
  });

  it('shows placeholders, not the empty text, while the first page loads', () => {
    const log = renderList({ loading: true, empty: 'No messages yet.' });
    expect(log).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No messages yet.')).not.toBeInTheDocument();
  });

  it('explains a message whose contact details were masked (safeguarding), and no other', () => {
    const log = renderList({ messages: [message({ _id: 'a', content: 'call me on [hidden]', masked: ['phone'] }), message({ _id: 'b', content: 'thanks' })] });
    const [masked, plain] = within(log).getAllByTestId('chat-message');
    expect(masked).toHaveTextContent('Contact details were hidden: please keep conversations on Redpen.');
    expect(plain).not.toHaveTextContent('Contact details were hidden');
  });

  it('shows the 24-hour time for today’s messages and the British date too for older ones', () => {
    const today = new Date();
    today.setHours(16, 5, 0, 0);
    const old = new Date(2026, 2, 10, 9, 5);
    const log = renderList({ messages: [message({ _id: 'old', timestamp: old.toISOString() }), message({ _id: 'new', timestamp: today.toISOString() })] });
    const [oldMessage, recent] = within(log).getAllByTestId('chat-message');
    expect(oldMessage).toHaveTextContent('10 March, 09:05');
    expect(recent).toHaveTextContent('16:05');
    expect(recent).not.toHaveTextContent(/PM|AM|March/);
  });

  it('marks own messages on their way and failed ones, with Retry and Load older messages', async () => {
    const user = userEvent.setup({ delay: null });
    const onRetry = vi.fn();
    const onLoadOlder = vi.fn();
    renderList({
      messages: [message({ _id: 'c1', clientId: 'c1', sender: ME, content: 'on its way', status: 'sending' }), message({ _id: 'c2', clientId: 'c2', sender: ME, content: 'refused', status: 'failed', error: 'blocked' })],
      hasMore: true,
      onLoadOlder,
      onRetry,
    });
    expect(screen.getByText('Sending…')).toBeInTheDocument();
    expect(screen.getByText(/Not sent: blocked/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('c2');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(onLoadOlder).toHaveBeenCalled();
  });
});
