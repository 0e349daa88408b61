import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockIntersectionObserver, mockReducedMotion, renderWithTheme } from '../test/utils';
import { COUNT_DURATION_MS, StatCounter, parseCountable } from './StatCounter';

const shown = () => screen.getByTestId('stat-value').textContent;

describe('parseCountable', () => {
  it('counts values ending in + or % and leaves others alone', () => {
    expect(parseCountable('1000+')).toEqual({ target: 1000, suffix: '+' });
    expect(parseCountable('95%')).toEqual({ target: 95, suffix: '%' });
    expect(parseCountable('24/7')).toBeNull();
  });
});

describe('StatCounter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the element to reach 80% of the viewport, counts up over 2 s, then shows the original text', () => {
    mockReducedMotion(false);
    const io = mockIntersectionObserver();
    renderWithTheme(<StatCounter value="1000+" label="Students" />);

    expect(io.instances[0]?.options?.rootMargin).toBe('0px 0px -20% 0px');
    expect(shown()).toBe('0+');
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toBe('0+'); // not in view yet: nothing moves

    io.intersectAll();
    act(() => vi.advanceTimersByTime(COUNT_DURATION_MS / 2));
    const midway = Number.parseInt(shown() ?? '', 10);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(1000);
    expect(shown()).toMatch(/^\d+\+$/);

    act(() => vi.advanceTimersByTime(COUNT_DURATION_MS / 2));
    expect(shown()).toBe('1000+');
    // Screen readers get the final text throughout.
    expect(screen.getByText('1000+ Students')).toBeInTheDocument();
  });

  it('counts percentages too', () => {
    mockReducedMotion(false);
    const io = mockIntersectionObserver();
    renderWithTheme(<StatCounter value="95%" label="Success rate" />);
    expect(shown()).toBe('0%');
    io.intersectAll();
    act(() => vi.advanceTimersByTime(COUNT_DURATION_MS));
    expect(shown()).toBe('95%');
  });

  it('shows values without + or % as they are', () => {
    mockReducedMotion(false);
    mockIntersectionObserver();
    renderWithTheme(<StatCounter value="24/7" label="Support" />);
    expect(shown()).toBe('24/7');
  });

  it('shows the final text at once under reduced motion', () => {
    mockReducedMotion(true);
    const io = mockIntersectionObserver();
    renderWithTheme(<StatCounter value="50+" label="Tutors" />);
    expect(shown()).toBe('50+');
    expect(io.instances).toHaveLength(0);
    act(() => vi.advanceTimersByTime(COUNT_DURATION_MS));
    expect(shown()).toBe('50+');
  });
});
