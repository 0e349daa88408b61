/**
 * The web app's origins: WEB_ORIGIN, plus Vite's dev server in development. CORS allows them, and the contact form
 * accepts posts from them (modules/contact/same-site.guard.ts).
 */
export function webOrigins(config: { nodeEnv: string; webOrigin: string }): string[] {
  const web = new URL(config.webOrigin).origin;
  return config.nodeEnv === 'development' ? [web, 'http://localhost:5173'] : [web];
}

/** What a browser on an allowed origin may do across origins. */
export interface CorsPolicy {
  origins: readonly string[];
  /** Every method the API's routes use (test/deployment.e2e-spec.ts checks a preflight for each). */
  methods: readonly string[];
  /** Response headers a cross-origin script may read. */
  exposedHeaders: readonly string[];
  maxAgeSeconds: number;
}

interface CorsRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

interface CorsReply {
  header(name: string, value: string): unknown;
}

/**
 * Cross-origin access for the configured web origins, with every header value computed once. It replaces
 * `app.enableCors()` (@fastify/cors behind a Nest hook), which on every request copied its options, re-joined
 * the exposed headers and copied the CORS headers to the raw response: a few per cent of a public request's
 * CPU (docs/benchmarks.md). Same answers as before: `Vary: Origin` always; an allowed origin gets
 * `Access-Control-Allow-Origin` and the exposed headers; a preflight gets the methods, the requested headers
 * echoed (no credentials are ever allowed) and the max age, and `OPTIONS` on any path answers 204.
 */
export class Cors {
  private readonly origins: ReadonlySet<string>;
  private readonly methods: string;
  private readonly exposedHeaders: string;
  private readonly maxAge: string;

  constructor(policy: CorsPolicy) {
    this.origins = new Set(policy.origins);
    this.methods = policy.methods.join(', ');
    this.exposedHeaders = policy.exposedHeaders.join(', ');
    this.maxAge = String(policy.maxAgeSeconds);
  }

  /** Sets the CORS headers of this request's response (a preflight's too; the OPTIONS route answers it). */
  apply(request: CorsRequest, reply: CorsReply): void {
    const origin = request.headers.origin;
    if (request.method !== 'OPTIONS') {
      reply.header('vary', 'Origin');
      if (typeof origin === 'string' && this.origins.has(origin)) {
        reply.header('access-control-allow-origin', origin);
        reply.header('access-control-expose-headers', this.exposedHeaders);
      }
      return;
    }
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    if (typeof origin === 'string' && this.origins.has(origin)) reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-methods', this.methods);
    const requested = request.headers['access-control-request-headers'];
    if (typeof requested === 'string') reply.header('access-control-allow-headers', requested);
    reply.header('access-control-max-age', this.maxAge);
  }
}
