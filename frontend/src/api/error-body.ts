/**
 * The backend's error body as the web app reads it: `{ message, code?, errors? }`, whatever the server
 * sent. Plain TypeScript, so the app's client (client.ts) and the sign-in islands (features/auth/islands, which do
 * not load the client) read a refusal the same way.
 */
import type { ErrorCode } from '@redpen/shared/error-codes';
import type { components } from './schema';

export type ApiFieldError = components['schemas']['FieldError'];

/** The backend's error body, generated from its `ErrorBody` schema. */
export type ApiErrorBody = components['schemas']['ErrorBody'] & { [key: string]: unknown };

/** How long a JSON call may take before it is given up (the app's client and the sign-in islands alike). */
export const API_TIMEOUT_MS = 30_000;
/** What a timed-out JSON call tells the person. */
export const TIMED_OUT_MESSAGE = 'The request timed out. Please try again.';

/** The message for a status the server gave none for. */
export function statusMessage(status: number): string {
  if (status === 401) return 'Your session has expired. Please log in again.';
  if (status === 403) return 'You do not have permission to do that.';
  if (status === 404) return 'Not found.';
  if (status === 413) return 'The file is too large.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return `Request failed with status ${status}`;
}

/** Turns whatever the server sent into `{ message, errors? }`. */
export function toErrorBody(status: number, raw: unknown): ApiErrorBody {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    const message = Array.isArray(record.message)
      ? record.message.filter((m): m is string => typeof m === 'string').join(', ')
      : typeof record.message === 'string'
        ? record.message
        : '';
    const errors = Array.isArray(record.errors) ? (record.errors as ApiFieldError[]) : undefined;
    const code = typeof record.code === 'string' ? (record.code as ErrorCode) : undefined;
    return { ...record, message: message || statusMessage(status), ...(code ? { code } : {}), ...(errors ? { errors } : {}) };
  }
  if (typeof raw === 'string' && raw.trim() && raw.length < 500 && !raw.trimStart().startsWith('<')) {
    return { message: raw.trim() };
  }
  return { message: statusMessage(status) };
}
