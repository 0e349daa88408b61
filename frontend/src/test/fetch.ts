import { vi } from 'vitest';
import type { paths } from '../api/schema';

/*
 * The stubbed API is typed by the generated `paths` (api/schema.d.ts), as the app's client is: a route key that
 * names no operation, a status the operation does not answer, or a body not of that status's schema fails the
 * typecheck. So a stub cannot drift from the API the tests claim to stand in for.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = paths[P][M] extends infer O ? (O extends { responses: object } ? O : never) : never;

/** `/api/essays/{essayId}/confirm` → `/api/essays/${string}/confirm`: a stub key holds the real id. */
type Concrete<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Concrete<Tail>}` : P;

/**
 * Every stub key of one operation with its operation: the documented path (`'GET /api/student/essay/{id}'`, any
 * id) and the path with a real id (`'GET /api/student/essay/e1'`, when the id is a literal).
 */
type Routes = {
  [P in keyof paths & string]: {
    [M in Method]: [Operation<P, M>] extends [never] ? never : { key: `${Uppercase<M>} ${P}` | `${Uppercase<M>} ${Concrete<P>}`; op: Operation<P, M> };
  }[Method];
}[keyof paths & string];

/** The statuses a documented range stands for (the API documents `4XX` and `5XX` as the error body). */
type StatusesOf<Code> = Code extends '4XX' ? 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 : Code extends '5XX' ? 500 | 502 | 503 | 504 : Code;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/**
 * A body a test may send for a schema: any part of it (a fixture names only what the page reads), with every
 * named property of the schema's type, enum values included. Arrays may be readonly (`as const` fixtures).
 */
export type Loose<T> = T extends readonly (infer E)[] ? readonly Loose<E>[] : T extends object ? { readonly [K in keyof T]?: Loose<T[K]> } : T;

/** A Response that remembers, for the typecheck only, the status and body it was made with. */
export type StubResponse<S extends number = number, B = unknown> = Response & { readonly __answer: { status: S; body: B } };

/** What the operation may answer: one of its documented statuses with that status's JSON body. */
type AnswerOf<Op> = Op extends { responses: infer R }
  ? { [Code in keyof R]: StubResponse<StatusesOf<Code> & number, Loose<JsonOf<R[Code]>>> }[keyof R]
  : never;
type RequestOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : unknown;

/** `params`: the path's parameters when the key is the documented path (`{ id: 'e1' }`). */
type Handler<Op> = (body: RequestOf<Op>, params: Record<string, string>) => AnswerOf<Op> | Promise<AnswerOf<Op>>;

/**
 * Route key → how the stubbed API answers it: `'POST /api/auth/login'`, `'GET /api/student/essay/{id}'` (the
 * documented path: every id, or one with `onlyFor`), or `'GET /api/student/essay/e1'` (a literal id).
 */
export type StubRoutes = { [R in Routes as R['key']]?: Handler<R['op']> };

/** What a stubbed route may answer: `let answer: StubAnswer<'POST /api/payments/create-checkout-session'>`. */
export type StubAnswer<K extends keyof StubRoutes> = Awaited<ReturnType<NonNullable<StubRoutes[K]>>>;

/**
 * An answer the API's schema does not allow, for a page's defensive branch (a body it never sends today). Say
 * in the test why the page guards against it; everything else goes through `jsonResponse`.
 */
export function offSchemaResponse(status: number, body: unknown): StubResponse<never, never> {
  return jsonResponse(status, body) as unknown as StubResponse<never, never>;
}

/** A JSON answer for `stubApi` (or any fetch stub): the status and body are checked against the route's schema. */
export function jsonResponse<S extends number, const B>(status: S, body: B): StubResponse<S, B> {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  }) as StubResponse<S, B>;
}

type AnyHandler = (body: unknown, params: Record<string, string>) => Response | Promise<Response>;

const notFound = () => jsonResponse(404, { message: 'Not found' });

/** A documented-path handler that answers only for these path parameters (others: 404, as an unstubbed path). */
export function onlyFor<H extends (body: never, params: Record<string, string>) => unknown>(expected: Record<string, string>, handler: H): H {
  return ((body: never, params: Record<string, string>) =>
    Object.entries(expected).every(([name, value]) => params[name] === value) ? handler(body, params) : notFound()) as H;
}

/** The handler for `method path`: its exact key, else a documented path (`/api/x/{id}`) it matches, with the params. */
function findHandler(routes: Record<string, AnyHandler | undefined>, method: string, path: string): [AnyHandler, Record<string, string>] | undefined {
  const exact = routes[`${method} ${path}`];
  if (exact) return [exact, {}];
  for (const [key, handler] of Object.entries(routes)) {
    const [keyMethod, template] = key.split(' ');
    if (keyMethod !== method || !handler || !template.includes('{')) continue;
    const names: string[] = [];
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (match) return [handler, Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]))];
  }
  return undefined;
}

/** A JSON request body (parsed), else the body as it is. */
async function bodyOf(input: RequestInfo | URL, init?: RequestInit): Promise<unknown> {
  if (init?.body !== undefined) return typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
  if (!(input instanceof Request)) return undefined;
  // The generated client (openapi-fetch) hands fetch one Request carrying method and body.
  const text = await input.clone().text();
  return text ? JSON.parse(text) : undefined;
}

/** Stubs fetch at the boundary: `{ 'POST /api/auth/login': (body) => jsonResponse(...) }`; others answer 404. */
export function stubApi(routes: StubRoutes) {
  /** Every request in order: its route key, JSON body and full URL (a paged list's query is in it). */
  const calls: { key: string; body: unknown; url: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const key = `${method.toUpperCase()} ${path}`;
    const body = await bodyOf(input, init);
    calls.push({ key, body, url });
    const found = findHandler(routes as Record<string, AnyHandler | undefined>, method.toUpperCase(), path);
    return found ? found[0](body, found[1]) : notFound();
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
