import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow';

const START = new Date('2026-11-27T10:00:00Z').getTime();

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks every interval', () => {
    const { result } = renderHook(() => useNow(1000));
    expect(result.current).toBe(START);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(START + 1000);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(START + 3000);
  });

  it('runs one timer for every reader of the same interval, and none once they are gone', () => {
    const first = renderHook(() => useNow(1000));
    const second = renderHook(() => useNow(1000));
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(first.result.current).toBe(second.result.current);
    first.unmount();
    expect(vi.getTimerCount()).toBe(1);
    second.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts a newcomer at the true time, not the last tick', () => {
    renderHook(() => useNow(60_000));
    act(() => vi.advanceTimersByTime(30_000));
    const late = renderHook(() => useNow(60_000));
    expect(late.result.current).toBe(START + 30_000);
  });

  it('stands still while disabled, and catches up when enabled', () => {
    const { result, rerender } = renderHook(({ enabled }) => useNow(1000, enabled), { initialProps: { enabled: false } });
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(START);
    rerender({ enabled: true });
    expect(result.current).toBe(START + 5000);
    expect(vi.getTimerCount()).toBe(1);
  });
});
