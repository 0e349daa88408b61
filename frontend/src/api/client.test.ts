import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, API_TIMEOUT_MS, UPLOAD_BUSY_RETRIES, UPLOAD_TIMEOUT_MS, api, apiFetch, apiUpload, apiUrl, errorCode, unwrap } from './client';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function signIn() {
  localStorage.setItem('token', 'secret-token');
  localStorage.setItem('user', JSON.stringify({ _id: 'u1', role: 'student' }));
  localStorage.setItem('currentRole', 'student');
}

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];

function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const mock = vi.fn(impl);
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The request openapi-fetch sent (it hands `fetch` one `Request`). */
function requestOf(call: FetchArgs): Request {
  expect(call[0]).toBeInstanceOf(Request);
  return call[0] as Request;
}

function pathOf(call: FetchArgs): string {
  return new URL(requestOf(call).url).pathname;
}

function headersOf(call: FetchArgs): Headers {
  const [input, init] = call;
  return input instanceof Request ? input.headers : new Headers(init?.headers);
}

describe('apiUrl', () => {
  it('prefixes /api once and appends the query', () => {
    expect(apiUrl('/student/essays')).toBe('/api/student/essays');
    expect(apiUrl('student/essays')).toBe('/api/student/essays');
    expect(apiUrl('/api/essays/1')).toBe('/api/essays/1');
    expect(apiUrl('/admin/payments', { page: 2, type: undefined, status: '' })).toBe('/api/admin/payments?page=2');
  });
});

describe('JSON client', () => {
  it('attaches the bearer token when one is stored', async () => {
    signIn();
    const fetchMock = stubFetch(async () => jsonResponse({ student: { major: 'History' } }));
    await expect(unwrap(api.GET('/api/student/profile'))).resolves.toEqual({ student: { major: 'History' } });
    const call = fetchMock.mock.calls[0] as FetchArgs;
    expect(pathOf(call)).toBe('/api/student/profile');
    expect(headersOf(call).get('Authorization')).toBe('Bearer secret-token');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ name: 'Redpen API', version: '1' }));
    await unwrap(api.GET('/api'));
    expect(headersOf(fetchMock.mock.calls[0] as FetchArgs).has('Authorization')).toBe(false);
  });

  // (FormData goes through apiUpload, whose test below checks it is sent as it is.)
  it('sends the body as JSON', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ token: 'x' }));
    await unwrap(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'pw' } }));
    const request = requestOf(fetchMock.mock.calls[0] as FetchArgs);
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe(JSON.stringify({ email: 'a@b.co', password: 'pw' }));
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('a 401 clears token, user and currentRole and throws ApiError with the server body', async () => {
    signIn();
    localStorage.setItem('paymentType', 'essay');
    stubFetch(async () => jsonResponse({ message: 'Unauthorized' }, 401));
    const error = await unwrap(api.GET('/api/student/profile')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Unauthorized');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('currentRole')).toBeNull();
    expect(localStorage.getItem('paymentType')).toBe('essay');
  });

  it('other failures keep the session and carry { message, errors }', async () => {
    signIn();
    stubFetch(async () =>
      jsonResponse({ message: 'Validation failed', errors: [{ field: 'email', message: 'Email is required' }] }, 400),
    );
    const error = (await unwrap(api.POST('/api/auth/register', { body: {} as never })).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.kind).toBe('http');
    expect(error.body).toEqual({ message: 'Validation failed', errors: [{ field: 'email', message: 'Email is required' }] });
    expect(error.fieldError('email')).toBe('Email is required');
    expect(localStorage.getItem('token')).toBe('secret-token');
  });

  it("carries the server's stable error code, which callers branch on", async () => {
    stubFetch(async () => jsonResponse({ message: 'Reworded at any time', code: 'ACCOUNT_BANNED' }, 403));
    const error = await unwrap(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'pw' } })).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('ACCOUNT_BANNED');
    expect(errorCode(error)).toBe('ACCOUNT_BANNED');
    expect(errorCode(new Error('not an API error'))).toBeUndefined();
  });

  it('gives a message when the server sends none', async () => {
    stubFetch(async () => new Response('', { status: 500 }));
    const error = (await unwrap(api.GET('/api/student/profile')).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/something went wrong/i);
  });

  describe('timeout', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it(`aborts after ${API_TIMEOUT_MS} ms and throws a timeout ApiError`, async () => {
      const fetchMock = stubFetch(
        (input) =>
          new Promise<Response>((_resolve, reject) => {
            (input as Request).signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      );
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const pending = unwrap(api.GET('/api/student/profile')).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
      expect(requestOf(fetchMock.mock.calls[0] as FetchArgs).signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = (await pending) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.kind).toBe('timeout');
      expect(error.status).toBe(0);
    });
  });

  it('a network failure throws a network ApiError', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await unwrap(api.GET('/api/health')).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
  });
});

describe('typed openapi-fetch client', () => {
  it('goes through apiFetch (bearer token, 401 handling)', async () => {
    signIn();
    const fetchMock = stubFetch(async () => jsonResponse({ status: 'ok' }));
    await expect(unwrap(api.GET('/api/health'))).resolves.toEqual({ status: 'ok' });
    const call = fetchMock.mock.calls[0] as FetchArgs;
    expect(call[0]).toBeInstanceOf(Request);
    expect(new URL((call[0] as Request).url).pathname).toBe('/api/health');
    expect(headersOf(call).get('Authorization')).toBe('Bearer secret-token');

    fetchMock.mockImplementation(async () => jsonResponse({ message: 'Unauthorized' }, 401));
    await expect(unwrap(api.GET('/api/health'))).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('apiFetch passes a caller abort through', async () => {
    stubFetch(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = apiFetch('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as ApiError).kind).toBe('aborted');
  });
});

/** A scriptable XMLHttpRequest double. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  body: unknown = null;
  private listeners: Record<string, Array<(event?: unknown) => void>> = {};
  private uploadListeners: Record<string, Array<(event: unknown) => void>> = {};
  upload = {
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      (this.uploadListeners[type] ??= []).push(fn);
    },
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  addEventListener(type: string, fn: (event?: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  emit(type: string) {
    for (const fn of this.listeners[type] ?? []) fn();
  }
  progress(loaded: number, total: number) {
    for (const fn of this.uploadListeners.progress ?? []) fn({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = { 'content-type': 'application/json', ...headers };
    this.emit('load');
  }
}

describe('upload helper (XMLHttpRequest)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('posts the form with the bearer token, a 300 000 ms timeout and progress percentages', async () => {
    signIn();
    const progress: number[] = [];
    const form = new FormData();
    const pending = apiUpload('/api/student/updateProfile', form, { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/student/updateProfile');
    expect(xhr.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(xhr.headers.Authorization).toBe('Bearer secret-token');
    expect(xhr.body).toBe(form);
    xhr.progress(25, 100);
    xhr.progress(50, 100);
    xhr.respond(200, { message: 'Profile updated successfully' });
    await expect(pending).resolves.toEqual({ message: 'Profile updated successfully' });
    expect(progress).toEqual([0, 25, 50, 100]);
  });

  it('a 401 clears the session; a timeout rejects with a timeout ApiError', async () => {
    signIn();
    const unauthorised = apiUpload('/api/student/updateProfile', new FormData());
    FakeXhr.last!.respond(401, { message: 'Unauthorized' });
    await expect(unauthorised).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(localStorage.getItem('token')).toBeNull();

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const slow = apiUpload('/api/student/updateProfile', new FormData());
    FakeXhr.last!.emit('timeout');
    await expect(slow).rejects.toMatchObject({ kind: 'timeout', status: 0 });
  });

  it('rejects with the server body on failure', async () => {
    const pending = apiUpload('/api/student/updateProfile', new FormData());
    FakeXhr.last!.respond(413, { message: 'File size must be less than 10 MB' });
    await expect(pending).rejects.toMatchObject({ status: 413, body: { message: 'File size must be less than 10 MB' } });
  });

  describe('when the server is too busy to take the upload (503 SERVICE_BUSY)', () => {
    const BUSY = { message: 'Too many uploads at once. Please try again shortly.', code: 'SERVICE_BUSY' };
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('sends the same form again after Retry-After, and resolves with the answer to that', async () => {
      const form = new FormData();
      const pending = apiUpload('/api/student/updateProfile', form);
      const first = FakeXhr.last!;
      first.respond(503, BUSY, { 'retry-after': '5' });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(FakeXhr.last).toBe(first);
      await vi.advanceTimersByTimeAsync(1);
      const second = FakeXhr.last!;
      expect(second).not.toBe(first);
      expect(second.body).toBe(form);
      second.respond(200, { message: 'Profile updated successfully' });
      await expect(pending).resolves.toEqual({ message: 'Profile updated successfully' });
    });

    it(`gives up after ${UPLOAD_BUSY_RETRIES} retries with the server's answer`, async () => {
      const pending = apiUpload('/api/student/updateProfile', new FormData());
      const outcome = pending.catch((error: unknown) => error);
      const sent: FakeXhr[] = [];
      for (let attempt = 0; attempt <= UPLOAD_BUSY_RETRIES; attempt++) {
        sent.push(FakeXhr.last!);
        FakeXhr.last!.respond(503, BUSY, { 'retry-after': '2' });
        await vi.advanceTimersByTimeAsync(2_000);
      }
      expect(new Set(sent).size).toBe(UPLOAD_BUSY_RETRIES + 1);
      expect(await outcome).toMatchObject({ status: 503, code: 'SERVICE_BUSY', retryAfterSeconds: 2 });
      expect(FakeXhr.last).toBe(sent.at(-1));
    });

    it('does not send again for any other failure', async () => {
      for (const [status, body] of [
        [503, { message: 'Payments are unavailable', code: 'PAYMENTS_UNAVAILABLE' }],
        [408, { message: 'The upload was too slow and has been stopped.', code: 'UPLOAD_TIMEOUT' }],
        [429, { message: 'Too many requests.', code: 'RATE_LIMITED' }],
      ] as const) {
        const pending = apiUpload('/api/student/updateProfile', new FormData());
        const first = FakeXhr.last!;
        first.respond(status, body, { 'retry-after': '1' });
        await expect(pending).rejects.toMatchObject({ status, code: body.code });
        await vi.advanceTimersByTimeAsync(5_000);
        expect(FakeXhr.last).toBe(first);
      }
    });

    it('stops waiting when the caller cancels', async () => {
      const controller = new AbortController();
      const pending = apiUpload('/api/student/updateProfile', new FormData(), { signal: controller.signal });
      const outcome = pending.catch((error: unknown) => error);
      const first = FakeXhr.last!;
      first.respond(503, BUSY, { 'retry-after': '5' });
      await vi.advanceTimersByTimeAsync(1_000);
      controller.abort();
      expect(await outcome).toMatchObject({ kind: 'aborted' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(FakeXhr.last).toBe(first);
    });
  });
});
