import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/useDocumentTitle';

interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /**
   * The tab's title, when it is not the heading: a step of a sign-in island that the island shows later (it names
   * the tab after the step's heading then) passes null.
   */
  documentTitle?: string | null;
}

/** Heading, optional subtitle and body of an auth page (inside the AuthLayout card). */
export function AuthCard({ title, subtitle, children, documentTitle = typeof title === 'string' ? title : null }: AuthCardProps) {
  useDocumentTitle(documentTitle);
  return (
    <Stack gap="6">
      <Stack gap="1" textAlign="center">
        <Heading as="h1" size="2xl" fontWeight="bold">
          {title}
        </Heading>
        {subtitle && <Text color="fg.muted">{subtitle}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

/** The auth pages' text links (Register, Forgot password?, Back to login, …). */
export const authLinkStyle = { color: 'brand.600', fontWeight: 'medium', textDecoration: 'underline' } as const;
