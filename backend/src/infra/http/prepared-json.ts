import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** What PreparedJson needs of a reply: Fastify's `reply.header` and `reply.getHeader`. */
interface HeaderSink {
  header(name: string, value: string): unknown;
  getHeader(name: string): number | string | string[] | undefined;
}

/**
 * A JSON answer serialized once, with its gzip twin, for an answer many requests share (a cache's entry): each
 * request then costs a header and a write, not a stringify and an encode. A browser asks for gzip, and the pool's
 * hundred essays are ~95 KiB of JSON against ~10 KiB gzipped, which the socket writes for every tutor's refresh
 * (docs/benchmarks.md, scenario `essays`). A client that does not ask for it gets the plain bytes.
 */
export class PreparedJson {
  private constructor(
    readonly json: Buffer,
    readonly gzipped: Buffer,
  ) {}

  static async of(value: unknown): Promise<PreparedJson> {
    const json = Buffer.from(JSON.stringify(value));
    return new PreparedJson(json, await gzipAsync(json));
  }

  /** The bytes for a request with this Accept-Encoding, with the headers that go with them set on `reply`. */
  send(acceptEncoding: string | string[] | undefined, reply: HeaderSink): Buffer {
    reply.header('content-type', 'application/json; charset=utf-8');
    addVary(reply, 'Accept-Encoding');
    if (!acceptsGzip(acceptEncoding)) return this.json;
    reply.header('content-encoding', 'gzip');
    return this.gzipped;
  }
}

/** Adds to Vary rather than replacing it: CORS has already put `Origin` there for a cross-origin request. */
export function addVary(reply: HeaderSink, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((f) => f.trim()).filter(Boolean);
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Whether an Accept-Encoding header (RFC 9110 §12.5.3) allows gzip: named with a q above 0, or not named and `*`
 * allowed. `gzip;q=0` refuses it whatever `*` says; no header means no preference, answered plainly.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  let wildcard = false;
  for (const part of value.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') wildcard = allowed;
  }
  return wildcard;
}
