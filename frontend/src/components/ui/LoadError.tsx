import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { errorMessage, isApiError } from '../../api/client';
import { FormAlert } from '../form/FormAlert';

/** The spec's load-failure line: "Error: {message}" when the server said why, else the page's fallback. */
export function loadErrorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'http' && error.body.message) return `Error: ${error.body.message}`;
  if (isApiError(error) && error.kind === 'timeout') return `Error: ${error.message}`;
  return fallback;
}

/**
 * What the server said that can help the reader under a headline: a refusal's message (4xx) or a timeout's; never a
 * 5xx's ("Internal server error" says nothing the headline does not).
 */
export function loadErrorDetail(error: unknown): string | undefined {
  if (isApiError(error) && error.kind === 'http' && error.status < 500 && error.body.message) return error.body.message;
  if (isApiError(error) && error.kind === 'timeout') return error.message;
  return undefined;
}

/**
 * A failed load. With `headline` (the page's own failure text, "Failed to load students"), that text always leads
 * and the server's helpful detail sits under it; without, the line is "Error: {message}" or the fallback.
 */
export function LoadError({
  error,
  fallback,
  headline,
  inline = false,
  onRetry,
}: {
  error: unknown;
  fallback?: string;
  headline?: string;
  /**
   * The tutor's pages' and the chat's form: `headline` over the server's message (else "Please try again."), with a
   * small "Try Again" inside the alert.
   */
  inline?: boolean;
  onRetry?: () => void;
}) {
  if (inline) {
    return (
      <FormAlert title={headline ?? fallback ?? 'Failed to load data.'}>
        {errorMessage(error, 'Please try again.')}{' '}
        {onRetry && (
          <Button size="xs" variant="outline" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </FormAlert>
    );
  }
  const detail = headline ? loadErrorDetail(error) : undefined;
  return (
    <Stack gap="3" align="flex-start">
      <FormAlert title={headline ?? loadErrorText(error, fallback ?? 'Failed to load data.')}>{detail}</FormAlert>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
