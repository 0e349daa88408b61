import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { ERROR_CODES } from '@redpen/shared/error-codes';
import { bootApp } from './support/app.js';

// The served OpenAPI document describes the error body on every route (the frontend's types come from it).
describe('OpenAPI document: error bodies', () => {
  let app: NestFastifyApplication;
  let document: { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>; components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> } };

  beforeAll(async () => {
    ({ app } = await bootApp());
    document = (await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body;
  });
  afterAll(async () => app?.close());

  it('has an ErrorBody schema whose code lists every stable error code', () => {
    expect(Object.keys(document.components.schemas.ErrorBody!.properties!)).toEqual(['message', 'code', 'errors']);
    expect(document.components.schemas.ErrorBody!.properties!.code!.enum).toEqual([...ERROR_CODES]);
  });

  it('gives every operation and every declared 4xx/5xx response the ErrorBody', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })));
    expect(operations.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const { at, op } of operations) {
      const errorStatuses = Object.keys(op.responses).filter((status) => /^[45]/.test(status));
      for (const status of ['4XX', '5XX']) if (!errorStatuses.includes(status)) missing.push(`${at} ${status}`);
      for (const status of errorStatuses) {
        if ((op.responses[status]!.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref !== '#/components/schemas/ErrorBody') missing.push(`${at} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
