import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contactFormErrorPage } from './contact-form.page.js';

const SOMETHING_WENT_WRONG = 'Something went wrong on our side. Please try again.';

/** The messages an error carries for a person: each field's (validation), else its message. */
function describe(exception: unknown): { status: number; messages: string[]; retryAfter?: number } {
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    if (typeof response === 'string') return { status: exception.getStatus(), messages: [response] };
    const { message, errors, retryAfterSeconds } = response as { message?: string | string[]; errors?: { message: string }[]; retryAfterSeconds?: number };
    const messages = errors?.length ? errors.map((e) => e.message) : [Array.isArray(message) ? (message[0] ?? exception.message) : (message ?? exception.message)];
    return { status: exception.getStatus(), messages: [...new Set(messages)], ...(typeof retryAfterSeconds === 'number' ? { retryAfter: retryAfterSeconds } : {}) };
  }
  const statusCode = (exception as { statusCode?: number })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return { status: statusCode, messages: [(exception as Error).message] };
  return { status: 500, messages: [SOMETHING_WENT_WRONG] };
}

/**
 * Errors of the contact form posted as HTML (`POST /api/contact/form`): the same statuses as the JSON endpoint,
 * answered with a page a person can read (contact-form.page.ts) instead of JSON.
 */
@Catch()
export class ContactFormErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ContactForm');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, messages, retryAfter } = describe(exception);
    if (status >= 500) this.logger.error({ err: exception, reqId: request.id }, 'the contact form could not be sent');
    if (retryAfter && retryAfter > 0) void reply.header('retry-after', String(retryAfter));
    void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(contactFormErrorPage(messages));
  }
}
