import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from '../../common/filters/http-exception.filter.js';
import { contactFormErrorPage } from './contact-form.page.js';

/**
 * Errors of the contact form posted as HTML (`POST /api/contact/form`): the same statuses and messages as the JSON
 * endpoint (the one exception filter's `errorResponse`), answered with a page a person can read
 * (contact-form.page.ts): each field's message, else the error's.
 */
@Catch()
export class ContactFormErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ContactForm');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const { status, body } = errorResponse(exception);
    if (status >= 500) this.logger.error({ err: exception, reqId: request.id }, 'the contact form could not be sent');
    const messages = body.errors?.length ? [...new Set(body.errors.map((e) => e.message))] : [body.message];
    const retryAfter = exception instanceof HttpException ? (exception.getResponse() as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
    if (typeof retryAfter === 'number' && retryAfter > 0) void reply.header('retry-after', String(retryAfter));
    void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(contactFormErrorPage(messages));
  }
}
