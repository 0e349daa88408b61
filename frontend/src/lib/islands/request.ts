/**
 * The islands' API calls (the sign-in forms, the contact form): `fetch` with the app client's rules (api/client.ts)
 * that matter on a static page — JSON both ways, the stored token as a bearer, the 30-second timeout, the server's
 * refusal read by the one reader (api/error-body.ts) — without loading the client (openapi-fetch). Typed by the
 * generated `paths`, as the client is.
 */
import type { ErrorCode } from '@redpen/shared/error-codes';
import { API_TIMEOUT_MS, TIMED_OUT_MESSAGE, toErrorBody, type ApiErrorBody, type ApiFieldError } from '../../api/error-body';
import type { paths } from '../../api/schema';
import { readToken } from '../session-store';


type Json<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
type Ok<Op> = Op extends { responses: infer R } ? Json<R[Extract<keyof R, 200 | 201>]> : never;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type Path = keyof paths;
type PostPath = { [P in Path]: paths[P]['post'] extends { responses: unknown } ? P : never }[Path];
type GetPath = { [P in Path]: paths[P]['get'] extends { responses: unknown } ? P : never }[Path];

/** A refused or failed call: the server's body (`kind: 'http'`), or no answer at all. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  constructor(
    readonly kind: 'http' | 'timeout' | 'network',
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? kind);
  }

  get code(): ErrorCode | undefined {
    return this.body?.code;
  }

  get errors(): ApiFieldError[] {
    return this.body?.errors ?? [];
  }
}

/** What to tell the person: the server's message, the timeout's, else `fallback` (as api/client's errorMessage). */
export function problemText(error: unknown, fallback: string): string {
  if (error instanceof ApiCallError && error.kind === 'http' && error.body?.message) return error.body.message;
  if (error instanceof ApiCallError && error.kind === 'timeout') return TIMED_OUT_MESSAGE;
  return fallback;
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const request = new Request(new URL(path, window.location.href), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(request, { signal: controller.signal });
  } catch {
    throw new ApiCallError(controller.signal.aborted ? 'timeout' : 'network', 0, null);
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's page): toErrorBody makes a message of the status instead.
  }
  if (!response.ok) throw new ApiCallError('http', response.status, toErrorBody(response.status, parsed));
  return parsed;
}

export const postApi = <P extends PostPath>(path: P, body: BodyOf<paths[P]['post']>) => call('POST', path, body) as Promise<Ok<paths[P]['post']>>;
export const getApi = <P extends GetPath>(path: P) => call('GET', path) as Promise<Ok<paths[P]['get']>>;
