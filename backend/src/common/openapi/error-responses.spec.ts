import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CODES } from '@redpen/shared/error-codes';
import { withErrorResponses } from './error-responses.js';

const REF = { $ref: '#/components/schemas/ErrorBody' };

function doc(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/auth/login': {
        post: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } }, '403': { description: 'banned' } } },
      },
      '/api/health': { get: { responses: { '200': { description: 'ok' } } } },
    },
  };
}

describe('withErrorResponses', () => {
  it('adds the ErrorBody schema with every error code', () => {
    const schemas = withErrorResponses(doc()).components!.schemas!;
    expect(schemas.ErrorBody).toMatchObject({ required: ['message'], properties: { code: { enum: [...ERROR_CODES] } } });
    expect(schemas.FieldError).toBeDefined();
  });

  it("gives a route's declared 4xx the error body, keeping its description, and leaves 2xx alone", () => {
    const login = withErrorResponses(doc()).paths['/api/auth/login']!.post!.responses;
    expect(login['403']).toEqual({ description: 'banned', content: { 'application/json': { schema: REF } } });
    expect(login['200']).toEqual({ description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } });
  });

  it('adds 4XX and 5XX with the error body to every operation', () => {
    const document = withErrorResponses(doc());
    for (const op of [document.paths['/api/health']!.get!, document.paths['/api/auth/login']!.post!]) {
      expect(op.responses['4XX']).toMatchObject({ content: { 'application/json': { schema: REF } } });
      expect(op.responses['5XX']).toMatchObject({ content: { 'application/json': { schema: REF } } });
    }
  });
});
