import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/env.schema.js';
import { httpLabels, Metrics, UNMATCHED_ROUTE } from './metrics.service.js';

const config = { metricsPort: null } as AppConfig;

describe('httpLabels', () => {
  it('labels a request by method, the route template and the status class', () => {
    expect(httpLabels('GET', '/api/student/essay/:id', 200)).toEqual({ method: 'GET', route: '/api/student/essay/:id', status_class: '2xx' });
    expect(httpLabels('POST', '/api/auth/login', 401)).toEqual({ method: 'POST', route: '/api/auth/login', status_class: '4xx' });
    expect(httpLabels('DELETE', '/api/x', 503).status_class).toBe('5xx');
  });

  it('never takes a label from what the client chose: an unmatched URL, an unknown method, an odd status', () => {
    expect(httpLabels('GET', undefined, 404).route).toBe(UNMATCHED_ROUTE);
    expect(httpLabels('GET', '', 404).route).toBe(UNMATCHED_ROUTE);
    expect(httpLabels('PROPFIND', '/api/x', 200).method).toBe('OTHER');
    expect(httpLabels('get-some-user@example.com', '/api/x', 200).method).toBe('OTHER');
    expect(httpLabels('GET', '/api/x', 999).status_class).toBe('other');
  });
});

describe('Metrics', () => {
  it('records the route template, not the URL', async () => {
    const metrics = new Metrics(config);
    metrics.observeHttp('GET', '/api/student/essay/:id', 200, 0.02);
    metrics.observeHttp('GET', undefined, 404, 0.001);
    const { body } = await metrics.render();
    expect(body).toContain('redpen_http_request_duration_seconds_count{method="GET",route="/api/student/essay/:id",status_class="2xx"} 1');
    expect(body).toContain('redpen_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"} 1');
  });

  it('times a job by queue, name and outcome, and passes its error on', async () => {
    const metrics = new Metrics(config);
    await expect(metrics.timeJob('mail', 'mail.send', async () => 'sent')).resolves.toBe('sent');
    await expect(metrics.timeJob('mail', 'mail.send', async () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down');
    const { body } = await metrics.render();
    expect(body).toContain('redpen_job_duration_seconds_count{queue="mail",job="mail.send",outcome="completed"} 1');
    expect(body).toContain('redpen_job_duration_seconds_count{queue="mail",job="mail.send",outcome="failed"} 1');
  });

  it('reports the queue depths, the outbox lag and the open sockets from the sources registered', async () => {
    const metrics = new Metrics(config);
    metrics.trackQueueDepth(async () => [{ queue: 'mail', counts: { waiting: 3, active: 1 } }]);
    metrics.trackOutboxLag(async () => new Date('2030-01-01T00:00:00Z'), () => new Date('2030-01-01T00:00:42Z'));
    metrics.trackOpenSockets(() => 7);
    metrics.chatDeliveries.inc();
    const { body } = await metrics.render();
    expect(body).toContain('redpen_queue_jobs{queue="mail",state="waiting"} 3');
    expect(body).toContain('redpen_queue_jobs{queue="mail",state="active"} 1');
    expect(body).toContain('redpen_outbox_lag_seconds 42');
    expect(body).toContain('redpen_chat_open_sockets 7');
    expect(body).toContain('redpen_chat_deliveries_total 1');
  });

  it('leaves a gauge out instead of failing the scrape when its source fails, and reads 0 lag with an empty outbox', async () => {
    const metrics = new Metrics(config);
    metrics.trackQueueDepth(async () => Promise.reject(new Error('redis down')));
    metrics.trackOutboxLag(async () => null, () => new Date());
    const { body } = await metrics.render();
    expect(body).not.toMatch(/redpen_queue_jobs\{/);
    expect(body).toContain('redpen_outbox_lag_seconds 0');
  });
});
