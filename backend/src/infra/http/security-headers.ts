/** The websocket origin (socket.io at /api/socket.io) of the app served at `webOrigin`: ws(s)://same host. */
export function websocketOrigin(webOrigin: string): string {
  const url = new URL(webOrigin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Security headers, computed once at boot. Same set as helmet's defaults plus our Content-Security-Policy;
 * @fastify/helmet rebuilt them on every request and cost more than half the API's throughput
 * (docs/benchmarks.md), so the API sets this frozen map in one hook instead. docker-compose's web tier (nginx,
 * written by the Dockerfile) sends the same set; scripts/deploy-config.test.mjs compares the two.
 */
export function securityHeaders(storageOrigin: string, webOrigin: string): Readonly<Record<string, string>> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra (emotion) injects style tags at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${storageOrigin}`,
    // Presigned files (essays, documents) open from the storage endpoint, e.g. in the PDF viewer frame.
    `frame-src 'self' ${storageOrigin}`,
    // The API's own websocket origin, spelled out for browsers whose 'self' does not cover ws(s): — not every host.
    `connect-src 'self' ${websocketOrigin(webOrigin)} ${storageOrigin}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    // No upgrade-insecure-requests: local and compose storage endpoints are plain http.
  ].join('; ');
  return Object.freeze({
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}
