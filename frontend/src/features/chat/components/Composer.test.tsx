import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../test/render';
import { Composer } from './Composer';

function setup(disabled = false) {
  const onSend = vi.fn();
  render(
    <TestProviders>
      <Composer disabled={disabled} onSend={onSend} />
    </TestProviders>,
  );
  return { onSend, box: screen.getByPlaceholderText('Type your message...'), button: screen.getByRole('button', { name: 'Send' }) };
}

describe('Composer', () => {
  it('sends the trimmed text on Enter and clears the box', async () => {
    const user = userEvent.setup();
    const { onSend, box } = setup();
    await user.type(box, '  Hello there  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello there');
    expect(box).toHaveValue('');
  });

  it('makes a new line on Shift+Enter without sending', async () => {
    const user = userEvent.setup();
    const { onSend, box } = setup();
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('line one\nline two');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });

  it('never sends blank text, and Send is disabled while empty or disconnected', async () => {
    const user = userEvent.setup();
    const { onSend, box, button } = setup();
    expect(button).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, 'hi');
    expect(button).toBeEnabled();
  });

  it('does not send while disconnected', async () => {
    const user = userEvent.setup();
    const { onSend, box, button } = setup(true);
    await user.type(box, 'hello{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(button).toBeDisabled();
  });
});
