import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One HTML document, with the compressed twins the web build wrote beside it. */
export interface HtmlDocument {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/**
 * The built web app's HTML: the SPA shell (`index.html`, for every client route) and the pages prerendered at
 * build time (`pages/manifest.json`: the public site and the sign-in forms, which paint before any JavaScript runs).
 * Read once at boot; the assets themselves are served by @fastify/static.
 */
export interface WebPages {
  shell: HtmlDocument;
  /** URL path ("/", "/pricing", …) → its prerendered document. */
  prerendered: ReadonlyMap<string, HtmlDocument>;
}

function readDocument(file: string): HtmlDocument {
  const twin = (ext: string) => (existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`) : null);
  return { identity: readFileSync(file), br: twin('br'), gzip: twin('gz') };
}

/** Null when the web app is not built (API-only runs, tests). */
export function loadWebPages(distDir: string): WebPages | null {
  const shellFile = join(distDir, 'index.html');
  if (!existsSync(shellFile)) return null;
  const manifestFile = join(distDir, 'pages', 'manifest.json');
  const manifest: Record<string, string> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const prerendered = new Map(Object.entries(manifest).map(([path, file]) => [path, readDocument(join(distDir, file))]));
  return { shell: readDocument(shellFile), prerendered };
}

/** Picks the body for an Accept-Encoding header: brotli, then gzip, then as it is. */
export function negotiate(document: HtmlDocument, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accepts = (coding: string) => new RegExp(`(^|[\\s,])${coding}(?!;q=0(\\.0*)?(\\s|,|$))`, 'i').test(acceptEncoding ?? '');
  if (document.br && accepts('br')) return { body: document.br, encoding: 'br' };
  if (document.gzip && accepts('gzip')) return { body: document.gzip, encoding: 'gzip' };
  return { body: document.identity, encoding: null };
}

/** Minimal request/reply surface, so the error filter and the page routes share one way of sending HTML. */
interface HtmlRequest {
  headers: { 'accept-encoding'?: string | string[] | undefined };
}
interface HtmlReply {
  status(code: number): this;
  type(contentType: string): this;
  header(name: string, value: string): this;
  send(body: Buffer): unknown;
}

/** Sends a document, compressed as the browser accepts; never cached without revalidation (it names the hashed assets). */
export function sendHtml(request: HtmlRequest, reply: HtmlReply, document: HtmlDocument): void {
  const acceptEncoding = request.headers['accept-encoding'];
  const { body, encoding } = negotiate(document, Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding);
  if (encoding) reply.header('content-encoding', encoding);
  void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').send(body);
}
