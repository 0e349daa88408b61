import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { bootApp } from './support/app.js';

describe('HTTP pipeline', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await bootApp());
  });
  afterAll(async () => app?.close());

  it('answers the connectivity test at the API root', async () => {
    const response = await request(app.getHttpServer()).get('/api').expect(200);
    expect(response.body).toEqual({ name: 'Redpen API', version: '1.0.0' });
  });

  it('gives every response a request id and security headers', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps a sane incoming request id', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').set('x-request-id', 'trace-12345678').expect(200);
    expect(response.headers['x-request-id']).toBe('trace-12345678');
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await request(app.getHttpServer()).get('/api/no-such-thing').expect(404);
    expect(response.body).toEqual({ message: 'Cannot GET /api/no-such-thing' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/contact')
      .set('content-type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(typeof response.body.message).toBe('string');
  });

  it('answers an oversized body with 413', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/contact')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }))
      .expect(413);
    expect(response.body).toEqual({ message: 'Request body is too large' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await request(app.getHttpServer()).post('/api/contact').set('content-type', 'application/xml').send('<a/>').expect(415);
    expect(response.body).toEqual({ message: 'Unsupported Media Type' });
  });

  it('publishes the OpenAPI document', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(response.body.info.title).toBe('Redpen API');
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/health/ready', '/api/contact']));
  });

  it('matches the committed backend/openapi.json the frontend types are generated from', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    // When this fails: run `npm run api:types` (it exports this document, then the types) and commit both files.
    expect(response.body).toEqual(committed);
  });
});
