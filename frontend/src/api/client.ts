/**
 * The one HTTP client. Every call is typed by `./schema.d.ts`, which
 * `npm run api:types` generates from the backend's OpenAPI document: no response type is written by hand.
 * - JSON calls: `api` (openapi-fetch), `unwrap(api.GET('/api/auth/me'))` resolves with the typed body;
 * - multipart uploads: `apiUpload('/api/tutor/updateProfile', form)` (XMLHttpRequest, for upload progress),
 *   its response typed from the same `paths`;
 * - base `/api`, `Authorization: Bearer <token>` when a token is stored; 30 000 ms timeout for JSON calls,
 *   300 000 ms for uploads; a 401 clears `token`, `user` and `currentRole`;
 * - failures throw `ApiError` carrying the status and the server body `{ message, code?, errors? }`;
 *   callers branch on `code` (`@redpen/shared/error-codes`), never on the message text.
 *
 * Functions, not a class, so unused helpers tree-shake.
 */
import createClient from 'openapi-fetch';
import { clearSession, readToken } from '../lib/session';
import { API_TIMEOUT_MS, TIMED_OUT_MESSAGE, toErrorBody } from './error-body';

export { API_TIMEOUT_MS };
import type { components, paths } from './schema';
import type { ErrorCode } from '@redpen/shared/error-codes';
import { UPLOAD_TIMEOUT_MS } from '@redpen/shared/uploads';

export type { components, paths } from './schema';

/** A schema component of the OpenAPI document: `Schema<'TutorProfileDto'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The OpenAPI paths (`/api/...`) that have an operation for `method`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;

/** The JSON body of an operation's success answer (200, 201 or 202) as `schema.d.ts` declares it. */
export type ResponseOf<P extends PathsWith<M>, M extends HttpMethod> = paths[P][M] extends { responses: infer R }
  ? JsonContent<R[Extract<keyof R, 200 | 201 | 202>]>
  : never;

export const API_BASE = '/api';
export { UPLOAD_TIMEOUT_MS };

export type { ApiFieldError } from './error-body';
import type { ApiFieldError } from './error-body';
/** The stable error codes: the backend's one list (`shared/error-codes.ts`), which the OpenAPI document also enumerates. */
export type { ErrorCode };

/** The backend's error body, generated from its `ErrorBody` schema. */
export type { ApiErrorBody } from './error-body';
import type { ApiErrorBody } from './error-body';

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (timeout, network failure, abort). */
  readonly status: number;
  readonly body: ApiErrorBody;
  readonly kind: ApiErrorKind;
  /** The response's Retry-After (429, 503), in seconds, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorBody, kind: ApiErrorKind = 'http', retryAfterSeconds?: number) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The server's stable code, when it sent one. */
  get code(): ErrorCode | undefined {
    return this.body.code;
  }

  get errors(): ApiFieldError[] {
    return this.body.errors ?? [];
  }

  /** The message for one form field, if the server named it. */
  fieldError(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The stable code of an HTTP error, if any: what callers branch on. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return isApiError(error) && error.kind === 'http' ? error.code : undefined;
}

/** A message fit for the user: the server's, else the caller's fallback (spec error catalogue). */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'http' && error.body.message) return error.body.message;
  if (isApiError(error) && error.kind === 'timeout') return TIMED_OUT_MESSAGE;
  return fallback;
}

/** `/student/essays` → `/api/student/essays`; absolute URLs and already-prefixed paths pass through. */
export function apiUrl(path: string, query?: QueryParams): string {
  let url: string;
  if (/^https?:\/\//.test(path) || path === API_BASE || path.startsWith(`${API_BASE}/`)) url = path;
  else url = `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const qs = toQueryString(query);
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function toQueryString(query?: QueryParams): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  return params.toString();
}

function handleUnauthorised(status: number): void {
  if (status === 401) clearSession();
}

function authHeaders(headers: Headers): Headers {
  const token = readToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return headers;
}

export interface ApiFetchInit extends RequestInit {
  /** Defaults to 30 000 ms. */
  timeoutMs?: number;
}

/**
 * `fetch` with the client's rules (bearer token, timeout, 401 clears the session). Resolves with the
 * raw `Response` for any HTTP status; rejects with `ApiError` only for timeout, abort or network
 * failure. `api` below sends through it.
 */
export async function apiFetch(input: RequestInfo | URL, init: ApiFetchInit = {}): Promise<Response> {
  const { timeoutMs = API_TIMEOUT_MS, signal: callerSignal, ...rest } = init;
  const isRequest = typeof Request !== 'undefined' && input instanceof Request;
  const headers = authHeaders(new Headers(rest.headers ?? (isRequest ? input.headers : undefined)));

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  const signals = [callerSignal, isRequest ? input.signal : undefined].filter((s): s is AbortSignal => !!s);
  for (const s of signals) {
    if (s.aborted) controller.abort();
    else s.addEventListener('abort', onCallerAbort, { once: true });
  }

  try {
    const response = isRequest
      ? await fetch(new Request(input, { ...rest, headers, signal: controller.signal }))
      : await fetch(input, { ...rest, headers, signal: controller.signal });
    handleUnauthorised(response.status);
    return response;
  } catch (error) {
    if (timedOut) {
      console.warn(`Request timed out after ${timeoutMs} ms`);
      throw new ApiError(0, { message: TIMED_OUT_MESSAGE }, 'timeout');
    }
    if (controller.signal.aborted) throw new ApiError(0, { message: 'The request was cancelled.' }, 'aborted');
    throw new ApiError(
      0,
      { message: error instanceof Error && error.message ? `Network error: ${error.message}` : 'Network error' },
      'network',
    );
  } finally {
    clearTimeout(timer);
    for (const s of signals) s.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * The typed JSON client. OpenAPI paths already include the `/api` global prefix, so the base URL is the
 * page origin (absolute, because `new Request('/api/…')` only resolves relative URLs inside a browser).
 */
export const api = createClient<paths>({
  baseUrl: typeof window !== 'undefined' ? window.location.origin : '',
  fetch: (request) => apiFetch(request),
});

/** Resolves with `data`, or throws `ApiError` with the server's `{ message, code?, errors? }`. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw new ApiError(response.status, toErrorBody(response.status, error));
  return data as T;
}

export interface UploadOptions {
  /** Called with 0-100 as the request body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Defaults to 300 000 ms. */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** How many times an upload the server was too busy to take (503 SERVICE_BUSY) is sent again, and the longest wait. */
export const UPLOAD_BUSY_RETRIES = 2;
const UPLOAD_BUSY_MAX_WAIT_SECONDS = 30;

/**
 * Multipart POST through XMLHttpRequest (fetch, hence openapi-fetch, cannot report upload progress). Same
 * rules as `api`: bearer token, 401 clears the session, failures throw `ApiError`; the answer is typed from
 * the path's operation in `schema.d.ts`. A 503 SERVICE_BUSY (the essay queue was full for the whole wait, or the
 * server could not spool the file: it kept nothing) is sent again after its Retry-After, up to UPLOAD_BUSY_RETRIES times.
 */
export async function apiUpload<P extends PathsWith<'post'>>(path: P, form: FormData, options: UploadOptions = {}): Promise<ResponseOf<P, 'post'>> {
  for (let retries = 0; ; retries++) {
    try {
      return await uploadOnce(path, form, options);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 503 && error.code === 'SERVICE_BUSY') || retries >= UPLOAD_BUSY_RETRIES) throw error;
      await waitOrAbort(Math.min(UPLOAD_BUSY_MAX_WAIT_SECONDS, error.retryAfterSeconds ?? 5) * 1000, options.signal);
    }
  }
}

const uploadCancelled = () => new ApiError(0, { message: 'The upload was cancelled.' }, 'aborted');

/** Resolves after `ms`, or rejects as a cancelled upload if `signal` aborts first. */
function waitOrAbort(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(uploadCancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(uploadCancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function uploadOnce<P extends PathsWith<'post'>>(path: P, form: FormData, options: UploadOptions): Promise<ResponseOf<P, 'post'>> {
  type T = ResponseOf<P, 'post'>;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);

    let lastPercent = -1;
    const report = (percent: number) => {
      const clamped = Math.max(0, Math.min(100, Math.round(percent)));
      if (clamped !== lastPercent) {
        lastPercent = clamped;
        options.onProgress?.(clamped);
      }
    };
    if (options.onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) report((event.loaded / event.total) * 100);
      });
    }

    const onAbortSignal = () => xhr.abort();
    const cleanup = () => options.signal?.removeEventListener('abort', onAbortSignal);
    if (options.signal) {
      if (options.signal.aborted) {
        reject(uploadCancelled());
        return;
      }
      options.signal.addEventListener('abort', onAbortSignal, { once: true });
    }

    xhr.addEventListener('load', () => {
      cleanup();
      handleUnauthorised(xhr.status);
      const type = xhr.getResponseHeader('content-type') ?? '';
      let data: unknown = xhr.responseText || undefined;
      if (data && type.includes('json')) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          /* keep the text */
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        resolve(data as T);
      } else {
        const retryAfter = Number(xhr.getResponseHeader('retry-after'));
        reject(new ApiError(xhr.status, toErrorBody(xhr.status, data), 'http', retryAfter > 0 ? retryAfter : undefined));
      }
    });
    xhr.addEventListener('timeout', () => {
      cleanup();
      console.warn(`Upload timed out after ${xhr.timeout} ms`);
      reject(new ApiError(0, { message: 'The upload timed out. Please try again.' }, 'timeout'));
    });
    xhr.addEventListener('error', () => {
      cleanup();
      reject(new ApiError(0, { message: 'Network error during upload.' }, 'network'));
    });
    xhr.addEventListener('abort', () => {
      cleanup();
      reject(uploadCancelled());
    });

    report(0);
    xhr.send(form);
  });
}
