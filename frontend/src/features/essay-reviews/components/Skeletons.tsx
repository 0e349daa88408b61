import { Box, type BoxProps } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';

/** A grey block that pulses: loading placeholders keep the final layout's height, so nothing jumps. */
export function Bone(props: BoxProps) {
  return <Box bg="gray.200" rounded="md" animation="pulse 1.5s ease-in-out infinite" {...props} />;
}

/** Placeholders for a grid of essay cards. */
export function CardGridSkeleton({ count = 4, height = '56', label }: { count?: number; height?: string; label: string }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Bone key={i} h={height} rounded="xl" />
      ))}
    </SimpleGrid>
  );
}
