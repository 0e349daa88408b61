import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { type CSSProperties, type ReactNode } from 'react';
import { useIsland } from '../../../lib/useIsland';
import { BRAND } from '../brand';
import type { Slide } from '../content/slides';
import { mountHero } from '../islands/hero';
import { FiChevronLeft, FiChevronRight, FiPause, FiPlay } from './icons';

type HeroSlideshowProps = {
  slides: Slide[];
  intervalMs: number;
  label: string;
  /** The hero's text and call to action, drawn over the slides. */
  children?: ReactNode;
};

/**
 * Auto-advancing slideshow following the WAI-ARIA carousel pattern: rotation pauses while the pointer is over it
 * or focus is inside it, and a Pause button stops it for good (WCAG 2.2.2). The live region is polite whenever
 * rotation is stopped and silent while it runs, so screen readers announce slides the user chose without being
 * interrupted every 3 s. The markup is the first slide's state; the show itself is the island islands/hero.ts
 * (alone on the static home page, mounted here inside the app).
 */
export function HeroSlideshow({ slides, intervalMs, label, children }: HeroSlideshowProps) {
  const rootRef = useIsland(mountHero, undefined);
  const count = slides.length;

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
    >
      <Box className="rp-parallax" position="absolute" insetX="0" top="0" h="125%">
        {/* Plain elements styled by motion.css: seven slides and their dots re-render on every turn, and
            Chakra's style props would recompute their CSS each time for markup that never changes shape. */}
        {slides.map((slide, i) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== 0}
            className="rp-slide"
            data-src={slide.src}
            data-alt={slide.alt}
            data-width={slide.width}
            data-height={slide.height}
          >
            {/* The first slide's drawing only: the island adds each next one as the show reaches it. */}
            {i === 0 && <img src={slide.src} alt={slide.alt} width={slide.width} height={slide.height} fetchPriority="high" decoding="async" />}
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
          <IconButton data-slide-prev aria-label="Previous slide" variant="ghost" size="sm" rounded="full">
            <FiChevronLeft aria-hidden />
          </IconButton>
          {slides.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className="rp-slide-dot"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === 0 ? 'true' : undefined}
            >
              <span />
            </button>
          ))}
          <IconButton data-slide-next aria-label="Next slide" variant="ghost" size="sm" rounded="full">
            <FiChevronRight aria-hidden />
          </IconButton>
          {/* Hidden by the island under reduced motion (the show does not rotate then). */}
          <IconButton data-slide-pause aria-label="Pause slideshow" variant="ghost" size="sm" rounded="full">
            {/* Both icons, the one that does not apply hidden by motion.css ([data-stopped] on the section). */}
            <FiPause aria-hidden className="rp-when-running" />
            <FiPlay aria-hidden className="rp-when-stopped" />
          </IconButton>
        </Flex>
      </Flex>

      <VisuallyHidden data-slide-status aria-live={count > 1 ? 'off' : 'polite'} aria-atomic="true">
        {`Slide 1 of ${count}: ${slides[0]?.alt ?? ''}`}
      </VisuallyHidden>
    </Box>
  );
}
