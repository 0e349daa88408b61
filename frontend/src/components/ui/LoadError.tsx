import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { isApiError } from '../../api/client';
import { FormAlert } from '../form/FormAlert';

/** The spec's load-failure line (part 1 §8): "Error: {message}" when the server said why, else the page's fallback. */
export function loadErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'http' && error.body.message) return `Error: ${error.body.message}`;
  if (isApiError(error) && error.kind === 'timeout') return `Error: ${error.message}`;
  return fallback;
}

export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  return (
    <Stack gap="3" align="flex-start">
      <FormAlert title={loadErrorText(error, fallback)} />
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
