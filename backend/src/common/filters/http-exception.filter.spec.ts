import { describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, NotFoundException, type ArgumentsHost } from '@nestjs/common';
import { HttpExceptionFilter } from './http-exception.filter.js';

function host(method: string, url: string) {
  const reply = {
    statusCode: 0,
    body: undefined as unknown,
    headers: {} as Record<string, string>,
    status(code: number) { this.statusCode = code; return this; },
    type(value: string) { this.headers['content-type'] = value; return this; },
    header(name: string, value: string) { this.headers[name] = value; return this; },
    send(body: unknown) { this.body = body; return this; },
  };
  const request = { method, url, id: 'req-1', headers: { 'accept-encoding': 'gzip, deflate' } };
  const argumentsHost = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }) } as unknown as ArgumentsHost;
  return { reply, argumentsHost };
}

describe('HttpExceptionFilter', () => {
  it('keeps the house error shape for HTTP exceptions', () => {
    const { reply, argumentsHost } = host('POST', '/api/x');
    new HttpExceptionFilter().catch(new BadRequestException('Title is required'), argumentsHost);
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toEqual({ message: 'Title is required' });
  });

  it('hides internals of unexpected errors behind a 500', () => {
    const { reply, argumentsHost } = host('GET', '/api/x');
    const filter = new HttpExceptionFilter();
    jest.spyOn((filter as unknown as { logger: { error: () => void } }).logger, 'error').mockImplementation(() => undefined);
    filter.catch(new Error('relation "users" does not exist'), argumentsHost);
    expect(reply.statusCode).toBe(500);
    expect(JSON.stringify(reply.body)).not.toContain('relation');
  });

  it('serves the SPA for unknown client routes but not for API paths or assets', () => {
    const shell = { identity: Buffer.from('<html>app</html>'), br: Buffer.from('br-bytes'), gzip: Buffer.from('gzip-bytes') };
    const filter = new HttpExceptionFilter({ shell, prerendered: new Map() });
    const page = host('GET', '/student/essays?tab=1');
    filter.catch(new NotFoundException(), page.argumentsHost);
    expect(page.reply.statusCode).toBe(200);
    // The browser accepts gzip but not brotli.
    expect(page.reply.body).toBe(shell.gzip);
    expect(page.reply.headers['content-encoding']).toBe('gzip');
    expect(page.reply.headers['content-type']).toBe('text/html; charset=utf-8');

    for (const url of ['/api/nothing', '/assets/missing.js']) {
      const other = host('GET', url);
      filter.catch(new NotFoundException(), other.argumentsHost);
      expect(other.reply.statusCode).toBe(404);
    }
  });

  it('answers 404 for unknown paths when no web app is served', () => {
    const { reply, argumentsHost } = host('GET', '/student/essays');
    new HttpExceptionFilter(null).catch(new NotFoundException(), argumentsHost);
    expect(reply.statusCode).toBe(404);
  });
});
