import { vi } from 'vitest';

export function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (body: unknown) => Response | Promise<Response>;

/** A JSON request body (parsed), else the body as it is. */
async function bodyOf(input: RequestInfo | URL, init?: RequestInit): Promise<unknown> {
  if (init?.body !== undefined) return typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
  if (!(input instanceof Request)) return undefined;
  // The generated client (openapi-fetch) hands fetch one Request carrying method and body.
  const text = await input.clone().text();
  return text ? JSON.parse(text) : undefined;
}

/** Stubs fetch at the boundary: `{ 'POST /api/auth/login': (body) => jsonResponse(...) }`; others answer 404. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const key = `${method.toUpperCase()} ${path}`;
    const body = await bodyOf(input, init);
    calls.push({ key, body });
    const handler = routes[key];
    return handler ? handler(body) : jsonResponse(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** jsdom has no PointerEvent; Chakra's checkbox (zag press tracking) constructs one on blur. */
export function installPointerEvent() {
  if (typeof window !== 'undefined' && typeof window.PointerEvent !== 'function') {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventStub);
  }
}
