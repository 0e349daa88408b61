import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { armShutdownDeadline } from './shutdown-deadline.js';

describe('armShutdownDeadline', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('exits with 1 once the deadline after a SIGTERM passes, saying why', () => {
    jest.useFakeTimers();
    const listeners = new Map<string, () => void>();
    jest.spyOn(process, 'once').mockImplementation(((signal: string, listener: () => void) => {
      listeners.set(signal, listener);
      return process;
    }) as typeof process.once);
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as typeof process.exit);
    const log = jest.fn();

    armShutdownDeadline(log, 1000);
    expect([...listeners.keys()].sort()).toEqual(['SIGINT', 'SIGTERM']);
    jest.advanceTimersByTime(5000);
    expect(exit).not.toHaveBeenCalled(); // no signal, no deadline

    listeners.get('SIGTERM')!();
    jest.advanceTimersByTime(999);
    expect(exit).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log).toHaveBeenCalledWith('shutdown still running after 1 s: exiting anyway');
  });
});
