import { Box } from '@chakra-ui/react/box';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';

/** What an empty value shows in an `InfoGrid` (spec: empty values show Not provided). */
export const NOT_PROVIDED = 'Not provided';

export function Card({ children, as }: { children: ReactNode; as?: 'section' | 'div' }) {
  return (
    <Box as={as ?? 'section'} bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: '5', md: '6' }}>
      {children}
    </Box>
  );
}

export function StatCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box bg="gray.50" rounded="lg" p="4" textAlign="center">
      <Text fontSize="2xl" fontWeight="bold">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export function InfoGrid({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gap="5">
      {items.map((item) => (
        <Box key={item.label}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {item.label}
          </Text>
          <Text as="dd" fontWeight="medium" whiteSpace="pre-wrap">
            {item.value === null || item.value === undefined || item.value === '' ? NOT_PROVIDED : item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
