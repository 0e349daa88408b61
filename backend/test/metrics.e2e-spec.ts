import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { MetricsServer } from '../src/infra/metrics/metrics-server.js';
import { bootApp } from './support/app.js';

const ESSAY_ID = '6f1d2c3b-4a59-4e68-9d7c-0b1a2c3d4e5f';
const PRIVATE_WORD = 'someones-private-search-term';

describe('Prometheus metrics on METRICS_PORT', () => {
  let app: NestFastifyApplication;
  let metricsUrl: string;

  beforeAll(async () => {
    ({ app } = await bootApp({ METRICS_PORT: '0' }));
    const port = app.get(MetricsServer).port();
    expect(port).toEqual(expect.any(Number));
    metricsUrl = `http://127.0.0.1:${port}/api/metrics`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers on its own port with the metric names, after requests, labelled by route template only', async () => {
    await request(app.getHttpServer()).get('/api/health').expect(200);
    await request(app.getHttpServer()).get(`/api/student/essay/${ESSAY_ID}?q=${PRIVATE_WORD}`).expect(401);
    await request(app.getHttpServer()).get(`/api/no-such-place/${PRIVATE_WORD}`).expect(404);

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      'redpen_http_request_duration_seconds_bucket',
      'redpen_job_duration_seconds',
      'redpen_queue_jobs',
      'redpen_outbox_lag_seconds',
      'redpen_chat_open_sockets',
      'redpen_chat_deliveries_total',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toMatch(/redpen_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} [1-9]/);
    expect(text).toMatch(/redpen_http_request_duration_seconds_count\{method="GET",route="\/api\/student\/essay\/:id",status_class="4xx"\} 1/);
    expect(text).toMatch(/redpen_http_request_duration_seconds_count\{method="GET",route="unmatched",status_class="4xx"\} 1/);
    // The queues' depths come from Redis, one series per queue and state.
    expect(text).toMatch(/redpen_queue_jobs\{queue="mail",state="waiting"\} \d+/);
    expect(text).toMatch(/redpen_outbox_lag_seconds \d/);
    // No id, query or path a client wrote reaches a label.
    expect(text).not.toContain(ESSAY_ID);
    expect(text).not.toContain(PRIVATE_WORD);
    expect(text).not.toContain('no-such-place');
  });

  it('is not served on the API port, where the ingress and the web tier send requests', async () => {
    await request(app.getHttpServer()).get('/api/metrics').expect(404);
    await request(app.getHttpServer()).get('/api/metrics').set('x-forwarded-for', '10.0.0.1').expect(404);
  });

  it('answers only GET /api/metrics on the metrics port', async () => {
    expect((await fetch(metricsUrl.replace('/api/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});

describe('without METRICS_PORT', () => {
  it('starts no metrics server', async () => {
    const { app } = await bootApp();
    try {
      expect(app.get(MetricsServer).port()).toBeNull();
    } finally {
      await app.close();
    }
  });
});
