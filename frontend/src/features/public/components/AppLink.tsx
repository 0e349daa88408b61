import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react/link';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

type AppLinkProps = Omit<ChakraLinkProps, 'href' | 'asChild'> & {
  to: NonNullable<RouterLinkProps['to']>;
  /** The link's query (`/register?role=student`). */
  search?: Record<string, string>;
  children: ReactNode;
};

/** A Chakra-styled link that navigates with the router (client-side, preloads on intent). */
export function AppLink({ to, search, children, ...rest }: AppLinkProps) {
  return (
    <ChakraLink asChild {...rest}>
      <RouterLink to={to} search={search}>
        {children}
      </RouterLink>
    </ChakraLink>
  );
}
