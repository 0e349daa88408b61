import { Box, type BoxProps } from '@chakra-ui/react/box';
import { useInView } from '../hooks/useInView';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion';

type RevealProps = BoxProps & {
  /** rise: fade in while moving up; scale: fade in while growing from 90 %. */
  variant: 'rise' | 'scale';
  /** Start when the element's top reaches this fraction of the viewport height. */
  viewportFraction: number;
};

/** Fades its content in (0.8 s) the first time it scrolls into view; static under reduced motion. */
export function Reveal({ variant, viewportFraction, className, children, ...rest }: RevealProps) {
  const reducedMotion = usePrefersReducedMotion();
  const [ref, inView] = useInView<HTMLDivElement>(viewportFraction, !reducedMotion);
  return (
    <Box
      ref={ref}
      className={`rp-reveal rp-reveal--${variant}${className ? ` ${className}` : ''}`}
      data-state={inView || reducedMotion ? 'visible' : 'hidden'}
      data-island="reveal"
      data-reveal-at={viewportFraction}
      {...rest}
    >
      {children}
    </Box>
  );
}
