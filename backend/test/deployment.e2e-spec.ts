import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { buildOpenApiDocument } from '../src/app.factory.js';
import type { AppConfig } from '../src/config/env.schema.js';
import { bootApp } from './support/app.js';

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

describe('CORS for a browser client on the configured origin', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let routes: Array<{ method: string; path: string }>;

  beforeAll(async () => {
    ({ app, config } = await bootApp());
    // The route table, as the OpenAPI document lists it; path parameters get a sample value.
    const document = buildOpenApiDocument(app);
    routes = Object.entries(document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => method in item).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      })),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const preflight = (path: string, method: string, origin: string) =>
    request(app.getHttpServer())
      .options(path)
      .set('origin', origin)
      .set('access-control-request-method', method)
      .set('access-control-request-headers', 'authorization,content-type');

  it('the route table uses more than the default GET, HEAD and POST', () => {
    const methods = new Set(routes.map((route) => route.method));
    expect([...methods]).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH']));
  });

  it('allows a preflight for every method of every route from the configured origin', async () => {
    const refused: string[] = [];
    for (const { method, path } of routes) {
      const response = await preflight(path, method, config.webOrigin);
      const allowed = String(response.headers['access-control-allow-methods'] ?? '').split(/,\s*/);
      if (response.status !== 204 || response.headers['access-control-allow-origin'] !== config.webOrigin || !allowed.includes(method)) {
        refused.push(`${method} ${path} (${response.status}, allow-methods: ${allowed.join(',')})`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('lets the client read the request id and the wait of a 429', async () => {
    const response = await preflight('/api/auth/login', 'POST', config.webOrigin);
    expect(response.headers['access-control-max-age']).toBe('600');
    const actual = await request(app.getHttpServer()).get('/api').set('origin', config.webOrigin).expect(200);
    expect(actual.headers['access-control-expose-headers']).toBe('x-request-id, retry-after');
  });

  it('gives another origin no permission, for any method', async () => {
    for (const { method, path } of routes) {
      const response = await preflight(path, method, 'https://elsewhere.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('defaults outside production', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await bootApp({ BULL_BOARD_ENABLED: '', API_DOCS_ENABLED: '' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('mounts Bull Board, behind an admin sign-in', async () => {
    const response = await request(app.getHttpServer()).get('/api/admin/queues').expect(401);
    expect(response.headers['www-authenticate']).toContain('Basic');
  });

  it('serves the API docs', async () => {
    await request(app.getHttpServer()).get('/api/docs-json').expect(200);
  });
});

describe('API_DOCS_ENABLED', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await bootApp({ API_DOCS_ENABLED: 'false' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('turns /api/docs and /api/docs-json off', async () => {
    await request(app.getHttpServer()).get('/api/docs').expect(404);
    await request(app.getHttpServer()).get('/api/docs-json').expect(404);
    // The API itself still answers.
    await request(app.getHttpServer()).get('/api/health').expect(200);
  });
});
