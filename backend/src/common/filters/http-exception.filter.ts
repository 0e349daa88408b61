import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendHtml, type WebPages } from '../../infra/http/web-pages.js';
import { CLOSE_CONNECTION, type ErrorBody } from '../errors.js';

/** Messages for errors raised by Fastify itself before a handler runs (bodies, uploads, content types). */
const FASTIFY_MESSAGES: Record<number, string> = {
  400: 'The request could not be read',
  413: 'The request is too large',
  415: 'Unsupported content type',
};

/**
 * What an error answers, whatever threw it: its status and `{ message, code?, errors? }`. An HttpException says both;
 * Fastify's own 4xx (a body it could not read) get a plain message; anything else is a 500 that shows no internals.
 * Shared by this filter and the contact form's HTML answer (contact-form.filter.ts), so both say the same.
 */
export function errorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return { status, body: { message: response } };
    const { message, code, errors } = response as { message?: string | string[]; code?: ErrorBody['code']; errors?: ErrorBody['errors'] };
    const text = Array.isArray(message) ? message[0] : message;
    return { status, body: { message: text ?? exception.message, ...(code ? { code } : {}), ...(errors ? { errors } : {}) } };
  }
  // Errors thrown by Fastify and its plugins carry a 4xx statusCode for client mistakes.
  const statusCode = (exception as { statusCode?: number })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: { message: FASTIFY_MESSAGES[statusCode] ?? (exception as Error).message } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: 'Something went wrong on our side. Please try again.' } };
}

/**
 * The one exception filter. Every error leaves as `{ message, errors? }` with an honest status; anything
 * unexpected is logged with the request id and answered 500 without internals. With the web app served
 * by the API, an unknown non-API GET returns the SPA's index.html so client routes survive a reload.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpException');

  constructor(private readonly webPages: WebPages | null = null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body } = errorResponse(exception);
    // Unexpected (not an HttpException, not Fastify's own 4xx): logged with the request id.
    if (!(exception instanceof HttpException) && status >= 500) {
      this.logger.error({ err: exception, reqId: request.id, url: request.url }, `unhandled error on ${request.method} ${request.url}`);
    }
    // 429 and 503 bodies may say how long to wait (`retryAfterSeconds`): clients and proxies read the header.
    // An error raised before the request's body was read to its end closes the connection after answering.
    const details = exception instanceof HttpException ? (exception.getResponse() as { retryAfterSeconds?: unknown; [CLOSE_CONNECTION]?: unknown }) : undefined;
    const retryAfter = details?.retryAfterSeconds;

    if (status === 404 && this.webPages && this.shouldServeSpa(request)) {
      sendHtml(request, reply, this.webPages.shell);
      return;
    }
    if (typeof retryAfter === 'number' && retryAfter > 0) void reply.header('retry-after', String(retryAfter));
    if (details?.[CLOSE_CONNECTION] === true) void reply.header('connection', 'close');
    void reply.status(status).send(body);
  }

  private shouldServeSpa(request: FastifyRequest): boolean {
    if (request.method !== 'GET') return false;
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) return false;
    // Asset requests (with an extension) are real 404s, not client routes.
    return !/\.[a-z0-9]+$/i.test(path);
  }
}
