import { Box, Flex, IconButton, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
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
  const rootRef = useRef<HTMLElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const count = slides.length;
  const rotating = !reducedMotion && !stopped && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const id = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(id);
  }, [rotating, index, intervalMs, count]);

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
    update();
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
      position="relative"
      overflow="hidden"
      minH={{ base: '560px', md: '600px', lg: '640px' }}
      bg={BRAND.background}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <Box ref={layerRef} className="rp-parallax" position="absolute" insetX="0" top="0" h="125%">
        {slides.map((slide, i) => (
          <Box
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            className="rp-slide"
            position="absolute"
            inset="0"
            opacity={i === index ? 1 : 0}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={slide.width}
              height={slide.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding="async"
              style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          </Box>
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
        <Flex align="center" gap="1" bg="rgba(255,255,255,0.9)" rounded="full" px="2" py="1" shadow="sm">
          <IconButton aria-label="Previous slide" variant="ghost" size="sm" rounded="full" onClick={() => go(index - 1)}>
            <FiChevronLeft aria-hidden />
          </IconButton>
          {slides.map((slide, i) => (
            <chakra.button
              key={slide.src}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
              w="6"
              h="6"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              rounded="full"
              cursor="pointer"
              _focusVisible={{ outline: '2px solid', outlineColor: BRAND.primaryStrong }}
            >
              <Box
                as="span"
                w={i === index ? '3' : '2.5'}
                h={i === index ? '3' : '2.5'}
                rounded="full"
                bg={i === index ? BRAND.primaryStrong : 'gray.500'}
              />
            </chakra.button>
          ))}
          <IconButton aria-label="Next slide" variant="ghost" size="sm" rounded="full" onClick={() => go(index + 1)}>
            <FiChevronRight aria-hidden />
          </IconButton>
          {!reducedMotion && (
            <IconButton
              aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
              variant="ghost"
              size="sm"
              rounded="full"
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? <FiPlay aria-hidden /> : <FiPause aria-hidden />}
            </IconButton>
          )}
        </Flex>
      </Flex>

      <VisuallyHidden aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {`Slide ${index + 1} of ${count}: ${slides[index]?.alt ?? ''}`}
      </VisuallyHidden>
    </Box>
  );
}
