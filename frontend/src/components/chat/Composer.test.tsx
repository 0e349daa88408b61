import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render';
import { Composer } from './Composer';

function setup(disabled = false, onSend = vi.fn<(text: string) => void | Promise<unknown>>()) {
  render(
    <TestProviders>
      <Composer disabled={disabled} onSend={onSend} />
    </TestProviders>,
  );
  return { onSend, box: screen.getByPlaceholderText('Type your message...'), button: screen.getByRole('button', { name: 'Send' }) };
}

describe('Composer', () => {
  it('sends the trimmed text on Enter and clears the box', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, box } = setup();
    await user.type(box, '  Hello there  {Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello there');
    expect(box).toHaveValue('');
  });

  it('makes a new line on Shift+Enter without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, box } = setup();
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('line one\nline two');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
  });

  it('never sends blank text, and Send is disabled while empty or disconnected', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, box, button } = setup();
    expect(button).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, 'hi');
    expect(button).toBeEnabled();
  });

  it('does not send while disconnected', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSend, box, button } = setup(true);
    await user.type(box, 'hello{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(button).toBeDisabled();
  });

  it('with an asynchronous send, clears the box once it is stored and keeps the text when it fails', async () => {
    const user = userEvent.setup({ delay: null });
    let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const onSend = vi.fn((_text: string) => new Promise<void>((resolve, reject) => void (settle = { resolve, reject })));
    const { box } = setup(false, onSend);
    await user.type(box, 'first try{Enter}');
    expect(onSend).toHaveBeenCalledWith('first try');
    expect(box).toHaveValue('first try');
    await act(async () => settle!.reject(new Error('refused')));
    expect(box).toHaveValue('first try');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(2);
    await act(async () => settle!.resolve());
    expect(box).toHaveValue('');
  });
});
