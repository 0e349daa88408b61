import { Box, type BoxProps } from '@chakra-ui/react/box';
import { useIsland } from '../../../lib/useIsland';
import { mountReveal } from '../islands/reveal';

type RevealProps = BoxProps & {
  /** rise: fade in while moving up; scale: fade in while growing from 90 %. */
  variant: 'rise' | 'scale';
  /** Start when the element's top reaches this fraction of the viewport height. */
  viewportFraction: number;
};

/**
 * Fades its content in (0.8 s) the first time it scrolls into view; static under reduced motion. The reveal is
 * the island islands/reveal.ts (alone on the static pages, mounted here inside the app); the HTML marks the
 * content waiting, and without JavaScript index.html's <noscript> style shows it.
 */
export function Reveal({ variant, viewportFraction, className, children, ...rest }: RevealProps) {
  const ref = useIsland(mountReveal, undefined);
  return (
    <Box
      ref={ref}
      className={`rp-reveal rp-reveal--${variant}${className ? ` ${className}` : ''}`}
      data-state="hidden"
      data-island="reveal"
      data-reveal-at={viewportFraction}
      {...rest}
    >
      {children}
    </Box>
  );
}
