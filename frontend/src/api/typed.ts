/**
 * Typed client generated from the backend's OpenAPI document (`./schema.d.ts`, regenerate with
 * `npm run api:types`). Requests go through `apiFetch`, so they carry the bearer token, time out
 * after 30 s and clear the session on 401 exactly like `apiRequest`.
 *
 *   const essays = await unwrap(api.GET('/api/student/essays'));
 *
 * OpenAPI paths already include the `/api` global prefix, so the base URL is the page origin
 * (absolute, because `new Request('/api/…')` only resolves relative URLs inside a browser).
 */
import createClient from 'openapi-fetch';
import { ApiError, apiFetch, toErrorBody } from './client';
import type { paths } from './schema';

export type { paths, components, operations } from './schema';

export const api = createClient<paths>({
  baseUrl: typeof window !== 'undefined' ? window.location.origin : '',
  fetch: (request) => apiFetch(request),
});

/** Resolves with `data`, or throws the same `ApiError` that `apiRequest` throws. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw new ApiError(response.status, toErrorBody(response.status, error));
  return data as T;
}
