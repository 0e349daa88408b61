import { Alert } from '@chakra-ui/react/alert';
import type { ReactNode } from 'react';

/** A form's (or a page's) one-line outcome: an error is announced as an alert, anything else as a status. */
export function FormAlert({
  status = 'error',
  title,
  children,
}: {
  status?: 'error' | 'success' | 'info' | 'warning';
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
