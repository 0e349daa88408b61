import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** A compact label/value list for an essay card (a `<dl>`, so each value is read with its label). */
export function EssayFacts({ items, columns = 2 }: { items: { label: string; value: ReactNode }[]; columns?: number }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, sm: columns }} gapX="4" gapY="2" fontSize="sm">
      {items.map((item) => (
        <Box key={item.label}>
          <Text as="dt" color="fg.muted">
            {item.label}
          </Text>
          <Text as="dd" fontWeight="medium">
            {item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
