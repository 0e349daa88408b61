import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { bootApp } from './support/app.js';

const require = createRequire(import.meta.url);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = require('node:net').connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(); // already gone
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Readiness against dependencies this test owns: a Redis and an S3 endpoint of its own, so it can stop
 * them without disturbing the rest of the suite.
 */
describe('GET /api/health/ready', () => {
  let app: NestFastifyApplication;
  let redis: ChildProcess;
  let s3: ChildProcess;
  let redisPort: number;
  let s3Port: number;
  const s3Dir = mkdtempSync(join(tmpdir(), 's3-'));

  const startRedis = () =>
    spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const startS3 = () =>
    spawn(process.execPath, [require.resolve('s3rver/bin/s3rver.js'), '--directory', s3Dir, '--port', String(s3Port), '--address', '127.0.0.1'], {
      stdio: 'ignore',
    });

  beforeAll(async () => {
    [redisPort, s3Port] = await Promise.all([freePort(), freePort()]);
    redis = startRedis();
    s3 = startS3();
    await Promise.all([waitForPort(redisPort), waitForPort(s3Port)]);
    ({ app } = await bootApp({ REDIS_URL: `redis://127.0.0.1:${redisPort}`, S3_ENDPOINT: `http://127.0.0.1:${s3Port}` }));
  });

  let closed = false;
  afterAll(async () => {
    try {
      // Bounded, so a failure of the shutdown test below cannot hang the run as well.
      if (!closed) await Promise.race([app?.close(), new Promise((resolve) => setTimeout(resolve, 8000))]);
    } finally {
      await Promise.all([redis && stop(redis), s3 && stop(s3)]);
    }
  }, 20000);

  it('liveness answers without touching dependencies', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('reports every dependency up', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/ready').expect(200);
    expect(response.body.status).toBe('ok');
    for (const name of ['database', 'redis', 'storage', 'mail']) {
      expect(response.body.checks[name]).toMatchObject({ status: 'up' });
    }
  });

  it('turns unhealthy, naming the dependency, when S3 stops', async () => {
    await stop(s3);
    const response = await request(app.getHttpServer()).get('/api/health/ready').expect(503);
    expect(response.body.status).toBe('unavailable');
    expect(response.body.checks.storage.status).toBe('down');
    expect(response.body.checks.database.status).toBe('up');
  });

  it('turns unhealthy when Redis stops', async () => {
    await stop(redis);
    const response = await request(app.getHttpServer()).get('/api/health/ready').expect(503);
    expect(response.body.checks.redis.status).toBe('down');
    expect(response.body.checks.mail.status).toBe('up');
  });

  it('becomes ready again once both come back', async () => {
    redis = startRedis();
    s3 = startS3();
    await Promise.all([waitForPort(redisPort), waitForPort(s3Port)]);
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt++) {
      ({ status } = await request(app.getHttpServer()).get('/api/health/ready'));
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });

  // BullMQ's ordinary close waits for Redis to come back; the app closes its connections by force instead
  // (infra/queue/redis-down-shutdown.ts), so a SIGTERM during a Redis outage still ends the process.
  it('shuts down with Redis down instead of waiting for it', async () => {
    await stop(redis);
    await app.close();
    closed = true;
  }, 10000);
});
