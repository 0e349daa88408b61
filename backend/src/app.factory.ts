import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { HttpExceptionFilter } from './common/filters/http-exception.filter.js';
import { withErrorResponses } from './common/openapi/error-responses.js';
import { createValidationPipe } from './common/pipes/validation.pipe.js';
import { streamedMultipart } from './common/uploads/streamed-multipart.js';
import type { AppConfig } from './config/env.schema.js';
import type { Clock } from './infra/clock/clock.service.js';
import { Cors, webOrigins } from './infra/http/cors.js';
import { isEssayDiscussionRoute, registerJsonTextBody } from './infra/http/json-text-body.js';
import { securityHeaders } from './infra/http/security-headers.js';
import { loadWebPages, sendHtml } from './infra/http/web-pages.js';
import { Metrics } from './infra/metrics/metrics.service.js';
import { mountBullBoard } from './infra/queue/bull-board.js';
import { JobQueue } from './infra/queue/job-queue.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { createRootLogger, LazyRequestLogger, PinoNestLogger, RequestLog, requestId, SHUTDOWN_HOOKS_OPTIONS } from './infra/logger.js';

/** The built web app, served by the API in `npm start` and in containers. */
export const WEB_DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

/** Upload ceilings; per-route rules (type, 5 MB for onboarding documents) are checked by each module. */
export const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024, files: 12, fields: 60, fieldSize: 64 * 1024 };

/** Methods a browser on an allowed origin may use across origins (the route table's, checked by test/deployment.e2e-spec.ts). */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface CreateAppOptions {
  workers?: boolean;
  /** Extra modules (tests: job handlers of their own). */
  modules?: Type[];
  /** Quiet logs (tests). */
  logger?: boolean;
  /** The clock the application reads (tests: a `FakeClock` they move); the real one by default. */
  clock?: Clock;
}

/**
 * Builds the whole HTTP application exactly as production runs it — adapter, logging, security headers,
 * validation, the error filter, OpenAPI, Bull Board, the web app — so end-to-end tests boot the same thing.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logging = options.logger ?? true;
  const logConfig: AppConfig = logging ? config : { ...config, logLevel: 'silent' };
  const rootLogger = createRootLogger(logConfig);
  const adapter = new FastifyAdapter({
    ...(logging ? { loggerInstance: rootLogger } : { logger: false }),
    genReqId: requestId,
    requestIdHeader: false,
    // Only the proxy hops named by TRUST_PROXY are believed: request.ip is the first address they did not add.
    trustProxy: config.trustProxy,
    // Fastify's two lines per request are replaced by one, written in the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: LazyRequestLogger.factory,
    bodyLimit: 1024 * 1024,
    // `GET /api/` is what a client calling `get('/')` on the API base sends (the documented client's start-up connectivity test):
    // every route answers with and without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
    // No Nest middleware is used: without middie, every request skips its hook.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({ config, workers: options.workers ?? config.workers === 'inline', modules: options.modules, clock: options.clock }),
    adapter,
    // rawBody: Stripe signs the exact bytes it sent, so the webhook verifies `request.rawBody` (JSON bodies, within bodyLimit).
    { logger: new PinoNestLogger(rootLogger), bufferLogs: false, abortOnError: false, rawBody: true },
  );

  // One hook for what every response carries: the frozen security headers, the request id (echoed so a user's
  // report can be matched to the log line) and CORS. One log line per request, written when it completes (answered
  // health probes are counted instead).
  const headers = securityHeaders(new URL(config.storage.endpoint).origin, config.webOrigin);
  const fastify = app.getHttpAdapter().getInstance();
  const cors = new Cors({
    origins: webOrigins(config),
    methods: CORS_METHODS,
    exposedHeaders: ['x-request-id', 'retry-after'],
    maxAgeSeconds: 600,
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('x-request-id', request.id);
    cors.apply(request, reply);
    done();
  });
  // Preflights: the hook above has set their headers; any path answers (as @fastify/cors did), before any guard.
  fastify.options('*', (_request, reply) => reply.code(204).header('content-length', '0').send());
  // JSON sent as text/plain (a bare fetch's default) is read as JSON on the essay discussion's writes only.
  registerJsonTextBody(fastify, isEssayDiscussionRoute);
  // The health probes' URLs (routes with `@RouteConfig(HEALTH_PROBE_ROUTE)`), as Nest registers them at init.
  const healthProbeUrls = new Set<string>();
  fastify.addHook('onRoute', (route) => {
    if (route.config?.healthProbe) healthProbeUrls.add(route.url);
  });
  // Request durations by the matched route's template (never the URL), for the metrics on METRICS_PORT.
  const metrics = app.get(Metrics);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const requestLog = logging ? RequestLog.create(logConfig, rootLogger, healthProbeUrls) : null;
  if (requestLog) {
    fastify.addHook('onResponse', (request, reply, done) => {
      requestLog.write({ reqId: request.id, method: request.method, url: request.url, ip: request.ip, statusCode: reply.statusCode, responseTime: reply.elapsedTime });
      done();
    });
    fastify.addHook('onClose', (_instance, done) => {
      requestLog.flush();
      done();
    });
  }

  app.setGlobalPrefix('api');
  app.enableShutdownHooks([], SHUTDOWN_HOOKS_OPTIONS);
  await app.register(streamedMultipart, { limits: MULTIPART_LIMITS });

  const webPages = config.serveWeb ? loadWebPages(WEB_DIST) : null;
  app.useGlobalFilters(new HttpExceptionFilter(webPages));
  app.useGlobalPipes(createValidationPipe());

  if (config.apiDocsEnabled) {
    const document = buildOpenApiDocument(app);
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }

  if (config.bullBoardEnabled) {
    const auth = app.get(AuthService);
    await mountBullBoard(app, app.get(JobQueue).all(), (email, password, ip) => auth.verifyAdminCredentials(email, password, ip));
  }

  if (webPages) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      prefix: '/',
      wildcard: true,
      // The prerendered pages are served at their own paths (below), not as /pages/*.html.
      // Nor is the build manifest (dist/.vite/), which only the prerender and the budget check read.
      allowedPath: (pathName: string) => !pathName.startsWith('/pages/') && !pathName.startsWith('/.vite/'),
      index: false,
      // The build writes .br and .gz twins of every asset: serve those to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/: cache it for a year.
        if (path.includes('/assets/')) void res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const fastify = app.getHttpAdapter().getInstance();
    // Prerendered pages (the public site, the sign-in forms) paint before the JavaScript arrives; any other client
    // route gets the shell through the error filter's SPA fallback.
    for (const [path, document] of webPages.prerendered) fastify.get(path, (request, reply) => sendHtml(request, reply, document));
    if (!webPages.prerendered.has('/')) fastify.get('/', (request, reply) => sendHtml(request, reply, webPages.shell));
  }

  await app.init();
  return app;
}

export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Redpen API')
    .setDescription('Essay feedback and one-to-one tutoring marketplace. Errors are `ErrorBody`: `{ message, code?, errors? }`; clients branch on `code`.')
    .setVersion('1.0.0')
    .addBearerAuth()
    .build();
  return withErrorResponses(SwaggerModule.createDocument(app, config));
}
