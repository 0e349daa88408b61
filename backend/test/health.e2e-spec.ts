import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { bootApp } from './support/app.js';

const require = createRequire(import.meta.url);

const REDIS_PROBE = 'PING\r\n';
const REDIS_ANSWER = /^\+PONG/;
const HTTP_PROBE = 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
const HTTP_ANSWER = /^HTTP\/1\.1 \d{3}/;

/**
 * A port below Linux's ephemeral range (32768–60999), so no outgoing connection of this process can be
 * holding it between our choice and the child binding it (a port from `listen(0)` can be, and a client
 * connecting to its own source port then "finds" a listener that is not the Redis we started).
 */
function candidatePort(): number {
  return 20000 + Math.floor(Math.random() * 10000);
}

/** Answers once `port` holds a listener that replies to `probe` with `expect`; false if `child` dies first. */
async function waitUntilServing(child: ChildProcess, port: number, probe: string, expected: RegExp): Promise<boolean> {
  const deadline = Date.now() + 15000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      const done = () => (socket.destroy(), resolve(text));
      socket.setTimeout(1000, done);
      socket.once('connect', () => socket.write(probe));
      socket.on('data', (chunk) => ((text += chunk.toString()), expected.test(text) && done()));
      socket.once('error', done);
      socket.once('close', done);
    });
    if (expected.test(reply)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing answered on ${port}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(); // already gone
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Starts a server on a port of our choosing, trying another when the chosen one turns out to be taken. */
async function startServing(start: (port: number) => ChildProcess, probe: string, expected: RegExp): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = candidatePort();
    const child = start(port);
    // Still running a moment later: the answer came from our child, not from something already on the port.
    if ((await waitUntilServing(child, port, probe, expected)) && (await new Promise((r) => setTimeout(r, 200)), child.exitCode === null)) {
      return { child, port };
    }
    await stop(child);
  }
  throw new Error('could not start a server on a free port');
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

  const startRedis = (port: number) =>
    spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const startS3 = (port: number) =>
    spawn(process.execPath, [require.resolve('s3rver/bin/s3rver.js'), '--directory', s3Dir, '--port', String(port), '--address', '127.0.0.1'], {
      stdio: 'ignore',
    });

  beforeAll(async () => {
    [{ child: redis, port: redisPort }, { child: s3, port: s3Port }] = await Promise.all([
      startServing(startRedis, REDIS_PROBE, REDIS_ANSWER),
      startServing(startS3, HTTP_PROBE, HTTP_ANSWER),
    ]);
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

  // The endpoint is public: the driver's message ("connect ECONNREFUSED 127.0.0.1:<port>") goes to the log only.
  it('tells the public which dependency is down, not its host, port or error', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/ready').expect(503);
    expect(response.body.checks.storage).toEqual({ status: 'down', latencyMs: expect.any(Number) });
    const body = JSON.stringify(response.body);
    expect(body).not.toContain(String(s3Port));
    expect(body).not.toContain('127.0.0.1');
    expect(body).not.toMatch(/ECONNREFUSED|error/i);
  });

  it('turns unhealthy when Redis stops', async () => {
    await stop(redis);
    const response = await request(app.getHttpServer()).get('/api/health/ready').expect(503);
    expect(response.body.checks.redis.status).toBe('down');
    expect(response.body.checks.mail.status).toBe('up');
  });

  it('becomes ready again once both come back', async () => {
    redis = startRedis(redisPort);
    s3 = startS3(s3Port);
    await Promise.all([waitUntilServing(redis, redisPort, REDIS_PROBE, REDIS_ANSWER), waitUntilServing(s3, s3Port, HTTP_PROBE, HTTP_ANSWER)]);
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
