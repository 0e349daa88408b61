import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

export interface PagePlaceholderProps {
  /** The spec's page title, e.g. "My Essays". */
  title: string;
  description: string;
  children?: ReactNode;
}

/** A page heading and one line of description; feature work replaces the body. */
export function PagePlaceholder({ title, description, children }: PagePlaceholderProps) {
  useDocumentTitle(title);
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl" fontWeight="bold">
        {title}
      </Heading>
      <Text color="fg.muted">{description}</Text>
      {children}
    </Stack>
  );
}
