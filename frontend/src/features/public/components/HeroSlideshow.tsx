import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useEffect, useRef, useState, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import { BRAND } from '../brand';
import type { Slide } from '../content/slides';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion';
import { FiChevronLeft, FiChevronRight, FiPause, FiPlay } from './icons';

type HeroSlideshowProps = {
  slides: Slide[];
  intervalMs: number;
  label: string;
  /** The hero's text and call to action, drawn over the slides. */
  children?: ReactNode;
};

/** How far the slide images drift upward, as a share of their own height, while the hero scrolls away. */
const PARALLAX_SHIFT_PERCENT = 20;

/**
 * Auto-advancing slideshow following the WAI-ARIA carousel pattern: rotation pauses while the
 * pointer is over it or focus is inside it, and a Pause button stops it for good (WCAG 2.2.2). The
 * live region is polite whenever rotation is stopped and silent while it runs, so screen readers
 * announce slides the user chose without being interrupted every 3 s.
 */
export function HeroSlideshow({ slides, intervalMs, label, children }: HeroSlideshowProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // Slides whose image is in the page: the first, then each one as the show reaches it, one slide ahead.
  // The page's first load then fetches and paints one drawing, not seven.
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0]));
  const rootRef = useRef<HTMLElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const count = slides.length;
  const rotating = !reducedMotion && !stopped && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const id = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(id);
  }, [rotating, index, intervalMs, count]);

  useEffect(() => {
    const ahead = (index + 1) % count;
    setLoaded((current) => (current.has(index) && current.has(ahead) ? current : new Set([...current, index, ahead])));
  }, [index, count]);

  // Images drift upward while the hero scrolls out of view: one rAF per frame at most, passive listener.
  useEffect(() => {
    const layer = layerRef.current;
    const root = rootRef.current;
    if (!layer || !root) return;
    if (reducedMotion) {
      layer.style.transform = '';
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const rect = root.getBoundingClientRect();
      const progress = rect.height > 0 ? Math.min(Math.max(-rect.top / rect.height, 0), 1) : 0;
      layer.style.transform = `translate3d(0, ${(-PARALLAX_SHIFT_PERCENT * progress).toFixed(2)}%, 0)`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // In the next frame, not now: measuring here would force a layout in the middle of the first render.
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [reducedMotion]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Box
      as="section"
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label={label}
      // On the static page (not hydrated) islands/hero.ts runs the show from these attributes.
      data-island="hero"
      data-interval={intervalMs}
      position="relative"
      overflow="hidden"
      minH={{ base: '560px', md: '600px', lg: '640px' }}
      bg={BRAND.background}
      data-stopped={stopped ? '' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <Box ref={layerRef} className="rp-parallax" position="absolute" insetX="0" top="0" h="125%">
        {/* Plain elements styled by motion.css: seven slides and their dots re-render on every turn, and
            Chakra's style props would recompute their CSS each time for markup that never changes shape. */}
        {slides.map((slide, i) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            className="rp-slide"
            data-src={slide.src}
            data-alt={slide.alt}
            data-width={slide.width}
            data-height={slide.height}
          >
            {loaded.has(i) && (
              <img
                src={slide.src}
                alt={slide.alt}
                width={slide.width}
                height={slide.height}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding="async"
              />
            )}
          </div>
        ))}
      </Box>
      {/* Wash for text contrast over the drawings: even on narrow screens, fading to the right on wide ones. */}
      <Box position="absolute" inset="0" bg="rgba(255,255,255,0.88)" pointerEvents="none" hideFrom="md" />
      <Box
        hideBelow="md"
        position="absolute"
        inset="0"
        bgGradient="to-r"
        gradientFrom="rgba(255,255,255,0.95)"
        gradientVia="rgba(255,255,255,0.75)"
        gradientTo="rgba(255,255,255,0.1)"
        pointerEvents="none"
      />

      <Box position="relative" zIndex="1">
        {children}
      </Box>

      <Flex
        position="absolute"
        bottom={{ base: '3', md: '5' }}
        insetX="0"
        justify="center"
        align="center"
        gap="1"
        zIndex="2"
      >
        <Flex
          align="center"
          gap="1"
          bg="rgba(255,255,255,0.9)"
          rounded="full"
          px="2"
          py="1"
          shadow="sm"
          style={{ '--rp-slide-dot-active': BRAND.primaryStrong } as CSSProperties}
        >
          <IconButton data-slide-prev aria-label="Previous slide" variant="ghost" size="sm" rounded="full" onClick={() => go(index - 1)}>
            <FiChevronLeft aria-hidden />
          </IconButton>
          {slides.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className="rp-slide-dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            >
              <span />
            </button>
          ))}
          <IconButton data-slide-next aria-label="Next slide" variant="ghost" size="sm" rounded="full" onClick={() => go(index + 1)}>
            <FiChevronRight aria-hidden />
          </IconButton>
          {!reducedMotion && (
            <IconButton
              data-slide-pause
              aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
              variant="ghost"
              size="sm"
              rounded="full"
              onClick={() => setStopped((value) => !value)}
            >
              {/* Both icons, the one that does not apply hidden by motion.css ([data-stopped] on the section). */}
              <FiPause aria-hidden className="rp-when-running" />
              <FiPlay aria-hidden className="rp-when-stopped" />
            </IconButton>
          )}
        </Flex>
      </Flex>

      <VisuallyHidden data-slide-status aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {`Slide ${index + 1} of ${count}: ${slides[index]?.alt ?? ''}`}
      </VisuallyHidden>
    </Box>
  );
}
