import { Alert } from '@chakra-ui/react/alert';
import type { ReactNode } from 'react';

/**
 * An alert a sign-in island fills in and shows (islands/views.ts `showAlert`): in the HTML from the start, hidden
 * and empty, so its style is in the prerendered page's CSS. `children`: a description that is part of the markup
 * (the island shows or hides its pieces). An error is announced as an alert, anything else as a status.
 */
export function IslandAlert({ name, status = 'error', children }: { name: string; status?: 'error' | 'success' | 'info'; children?: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} data-alert={name} hidden>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title data-alert-title />
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
