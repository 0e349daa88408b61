import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CODES } from '@redpen/shared/error-codes';

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `ErrorBody` (common/errors.ts) as an OpenAPI schema; `code` lists shared/error-codes.ts, so the two cannot drift. */
export const ERROR_SCHEMAS: Schemas = {
  FieldError: {
    type: 'object',
    required: ['field', 'message'],
    properties: { field: { type: 'string', example: 'email' }, message: { type: 'string', example: 'Email is required' } },
  },
  ErrorBody: {
    type: 'object',
    description: 'Every error response. Clients branch on `code` (stable), never on `message` (wording may change).',
    required: ['message'],
    properties: {
      message: { type: 'string', example: 'Tutor is not approved yet.' },
      code: { type: 'string', enum: [...ERROR_CODES], description: 'Present on errors a client acts on' },
      errors: { type: 'array', description: 'Per-field problems of a 400 VALIDATION_FAILED', items: { $ref: '#/components/schemas/FieldError' } },
    },
  },
};

const errorContent = () => ({ 'application/json': { schema: { $ref: ERROR_BODY_REF } } });

/**
 * The one place the error body enters the OpenAPI document: adds the `ErrorBody` schema, gives every 4xx/5xx
 * response a route declares (`@ApiForbiddenResponse(...)`, …) that body, and adds `4XX` / `5XX` to every
 * operation for the statuses it does not list (401 from the global guard, 429, 500…). Mutates and returns
 * `document`.
 */
export function withErrorResponses(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...structuredClone(ERROR_SCHEMAS) };
  for (const path of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = path[method];
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        if (/^[45]/.test(status) && response && !('$ref' in response)) response.content = errorContent();
      }
      responses['4XX'] ??= { description: 'Client error', content: errorContent() };
      responses['5XX'] ??= { description: 'Server error (no internals; the request id is in the `x-request-id` header)', content: errorContent() };
    }
  }
  return document;
}
