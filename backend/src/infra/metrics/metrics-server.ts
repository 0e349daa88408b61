import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Metrics } from './metrics.service.js';

/** The one path the metrics server answers. */
export const METRICS_PATH = '/api/metrics';

/**
 * `GET /api/metrics` on METRICS_PORT, a port of its own (API and worker processes alike), never on the API's port:
 * the ingress and the web tier route to the API's port only, so a request from outside the cluster cannot reach
 * it, whatever headers it carries; inside, the NetworkPolicy admits only the monitoring namespace. Unset
 * METRICS_PORT: no server.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((request, response) => {
      if (request.url?.split('?')[0] !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.metrics.render().then(
        ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body),
        (error: unknown) => {
          this.logger.warn(`metrics not rendered: ${(error as Error).message}`);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort ?? 0, this.config.host, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.config.host}:${this.port()}${METRICS_PATH}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The port bound (METRICS_PORT=0 lets the system choose), or null without a server. */
  port(): number | null {
    return this.server ? (this.server.address() as AddressInfo).port : null;
  }
}
