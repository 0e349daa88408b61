import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIDES, SLIDE_INTERVAL_MS } from '../content/slides';
import { mockReducedMotion, renderWithTheme } from '../test/utils';
import { HeroSlideshow } from './HeroSlideshow';

const currentSlide = () => {
  const dots = screen.getAllByRole('button', { name: /^Go to slide \d$/ });
  return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
};
const region = () => screen.getByRole('region', { name: 'Redpen highlights' });
const liveRegion = () => region().querySelector('[aria-live]');

function renderSlideshow() {
  renderWithTheme(
    <HeroSlideshow slides={SLIDES} intervalMs={SLIDE_INTERVAL_MS} label="Redpen highlights">
      <a href="/register">Get Started</a>
    </HeroSlideshow>,
  );
}

describe('HeroSlideshow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows seven slides with labelled images and controls', () => {
    mockReducedMotion(false);
    renderSlideshow();
    expect(SLIDES).toHaveLength(7);
    expect(screen.getAllByRole('button', { name: /^Go to slide \d$/ })).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    // The first slide's drawing and the next one; the rest arrive as the show reaches them.
    expect(region().querySelectorAll('img')).toHaveLength(2);
    for (let i = 0; i < 7; i++) act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    const images = region().querySelectorAll('img');
    expect(images).toHaveLength(7);
    for (const img of images) {
      expect(img.getAttribute('alt')).toMatch(/\w{6,}/);
      expect(img.getAttribute('width')).toBe('1200');
      expect(img.getAttribute('height')).toBe('800');
    }
  });

  it('advances every 3000 ms and wraps around', () => {
    mockReducedMotion(false);
    renderSlideshow();
    expect(SLIDE_INTERVAL_MS).toBe(3000);
    expect(currentSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(2999));
    expect(currentSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe(2);
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe(3);
    for (const expected of [4, 5, 6, 7, 1]) {
      act(() => vi.advanceTimersByTime(3000));
      expect(currentSlide()).toBe(expected);
    }
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    mockReducedMotion(false);
    renderSlideshow();
    fireEvent.mouseEnter(region());
    act(() => vi.advanceTimersByTime(9000));
    expect(currentSlide()).toBe(1);
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    fireEvent.mouseLeave(region());
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe(2);
  });

  it('pauses while focus is inside', () => {
    mockReducedMotion(false);
    renderSlideshow();
    act(() => screen.getByRole('link', { name: 'Get Started' }).focus());
    act(() => vi.advanceTimersByTime(9000));
    expect(currentSlide()).toBe(1);
    act(() => screen.getByRole('link', { name: 'Get Started' }).blur());
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe(2);
  });

  it('moves with the previous, next and dot buttons and can be paused for good', () => {
    mockReducedMotion(false);
    renderSlideshow();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toBe(7);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 5' }));
    expect(currentSlide()).toBe(5);
    expect(within(region()).getByText(`Slide 5 of 7: ${SLIDES[4]?.alt}`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => screen.getByRole('button', { name: 'Play slideshow' }).blur());
    fireEvent.mouseLeave(region());
    act(() => vi.advanceTimersByTime(9000));
    expect(currentSlide()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).blur());
    act(() => vi.advanceTimersByTime(3000));
    expect(currentSlide()).toBe(6);
  });

  it('does not autoplay under reduced motion, and announces politely', () => {
    mockReducedMotion(true);
    renderSlideshow();
    act(() => vi.advanceTimersByTime(30000));
    expect(currentSlide()).toBe(1);
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
  });
});
