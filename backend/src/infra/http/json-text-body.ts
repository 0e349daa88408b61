import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON. Send a JSON object, such as {"content": "Hello"}.';

/**
 * JSON sent as `text/plain` (a bare `fetch(url, { method: 'POST', body: JSON.stringify(x) })` labels it
 * `text/plain;charset=UTF-8`), read as JSON on the routes that accept it: the essay discussion's writes under
 * `/api/essays/{essayId}/…`. Nest registers every route on the root Fastify instance, so a parser cannot be scoped
 * by plugin; this one replaces Fastify's text/plain parser and decides by the route matched (`routeOptions.url`):
 *
 * - on a route `accepts`, a body that looks like JSON (starts with `{` or `[`) is parsed as JSON with Fastify's own
 *   parser (prototype poisoning refused); JSON that does not parse is a 400 with a clear message, never a 500. An
 *   empty body is no body. Any other text stays a string, which the route's DTO then refuses with a 400.
 * - on every other route the body stays the string it always was.
 *
 * CSRF: a text/plain POST is a CORS "simple request", sent cross-site without a preflight. The API authenticates
 * only by a bearer token in the Authorization header (no cookie is ever read or set), and a cross-site page cannot
 * add that header without a preflight (which only the configured web origins pass), so such a request arrives
 * unauthenticated and is answered 401 (docs/decisions.md).
 */
export function registerJsonTextBody(fastify: FastifyInstance, accepts: (routeUrl: string) => boolean): void {
  const { bodyLimit, onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  fastify.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const url = request.routeOptions?.url;
    if (!url || !accepts(url)) return done(null, text);
    const trimmed = text.trim();
    if (trimmed === '') return done(null, undefined);
    if (trimmed[0] !== '{' && trimmed[0] !== '[') return done(null, text);
    parseJson(request, trimmed, (error, parsed) => (error ? done(new BadRequestException({ message: INVALID_JSON_MESSAGE }), undefined) : done(null, parsed)));
  });
}

/** The essay discussion's routes (`/api/essays/:essayId/…`): their JSON writes may come as text/plain. */
export const isEssayDiscussionRoute = (routeUrl: string): boolean => routeUrl.startsWith('/api/essays/:essayId/');
