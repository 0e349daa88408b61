import { Box, type BoxProps } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';

/**
 * A grey block that pulses where content will be. Give it the final content's size: a placeholder as tall as
 * what replaces it keeps the page from jumping when the data arrives.
 */
export function Skeleton(props: BoxProps) {
  return <Box bg="gray.200" rounded="md" animation="pulse 1.5s ease-in-out infinite" aria-hidden {...props} />;
}

interface SkeletonGroupProps {
  /** What is loading, for assistive technology ("Loading essays"). */
  label: string;
  count?: number;
  /** Each block's height (a Chakra size token or CSS length). */
  height?: BoxProps['h'];
}

/** A column of blocks (a list of cards or rows), announced as busy. */
export function SkeletonStack({ label, count = 3, height = '20' }: SkeletonGroupProps) {
  return (
    <Stack gap="4" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} rounded="xl" />
      ))}
    </Stack>
  );
}

/** A grid of card-sized blocks (one column on phones, two from `md`), announced as busy. */
export function CardGridSkeleton({ label, count = 4, height = '56' }: SkeletonGroupProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} rounded="xl" />
      ))}
    </SimpleGrid>
  );
}
