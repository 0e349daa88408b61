import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import { List } from '@chakra-ui/react/list';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { BRAND } from '../brand';
import { usePageMeta } from '../hooks/usePageMeta';

type ContentPageProps = {
  title: string;
  /** Meta description; also shown as the lead paragraph unless `lead` is given. */
  description: string;
  lead?: ReactNode;
  updated?: string;
  children: ReactNode;
};

/** Layout for the text pages: a title band, then readable-width content. */
export function ContentPage({ title, description, lead, updated, children }: ContentPageProps) {
  usePageMeta(title, description);
  return (
    <Box>
      <Box bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} letterSpacing="tight">
            {title}
          </Heading>
          <Text mt="3" fontSize={{ base: 'md', md: 'lg' }} color="gray.700">
            {lead ?? description}
          </Text>
          {updated && (
            <Text mt="3" fontSize="sm" color="gray.600">
              Last updated {updated}
            </Text>
          )}
        </Container>
      </Box>
      <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Stack gap={{ base: '8', md: '10' }}>{children}</Stack>
      </Container>
    </Box>
  );
}

export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Box as="section" id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <Heading as="h2" id={id ? `${id}-title` : undefined} size={{ base: 'lg', md: 'xl' }} mb="3" color="gray.900">
        {title}
      </Heading>
      <Stack gap="3" color="gray.800" lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List.Root ps="5" gap="1.5">
      {items.map((item, i) => (
        <List.Item key={i} _marker={{ color: BRAND.primaryStrong }}>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
