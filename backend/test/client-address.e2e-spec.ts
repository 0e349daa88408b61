import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { AUTH_LIMITS } from '../src/modules/auth/auth.service.js';
import { bootApp } from './support/app.js';

/**
 * Per-IP limits behind a proxy. Each request plays one that came through a proxy which appends the address
 * that connected to it (what nginx's `$proxy_add_x_forwarded_for` did): the client's forged entries first, the
 * real address last. The test client is the proxy (it connects from loopback). The resend-code limit is used
 * because it sends no mail for an unknown address; each request names a new address, so only the per-IP limit
 * can stop it.
 */
const LIMIT = AUTH_LIMITS.resendIp.points;
let forgedCounter = 0;
const forged = () => `198.51.100.${(forgedCounter++ % 250) + 1}, 203.0.113.${(forgedCounter % 250) + 1}`;

function resend(app: NestFastifyApplication, forwardedFor: string) {
  return request(app.getHttpServer())
    .post('/api/auth/resendCode')
    .set('x-forwarded-for', forwardedFor)
    .send({ email: `xff-${randomUUID()}@example.test` });
}

/** Sends LIMIT requests, each with different forged entries before `client`, then one more. */
async function exhaust(app: NestFastifyApplication, client: string) {
  for (let i = 0; i < LIMIT; i++) await resend(app, `${forged()}, ${client}`).expect(200);
  return resend(app, `${forged()}, ${client}`);
}

describe.each([
  ['a range name', 'loopback'],
  ['the proxy CIDRs', '127.0.0.0/8,::1/128'],
])('client address with TRUST_PROXY as %s', (_label, trustProxy) => {
  let app: NestFastifyApplication;
  let redis: Redis;

  beforeAll(async () => {
    ({ app } = await bootApp({ TRUST_PROXY: trustProxy }));
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
  });
  afterEach(async () => {
    const keys = await redis.keys(`redpen:rl:${AUTH_LIMITS.resendIp.name}*`);
    if (keys.length) await redis.del(...keys);
  });

  it('limits a client that forges X-Forwarded-For', async () => {
    const response = await exhaust(app, '192.0.2.10');
    expect(response.status).toBe(429);
    expect(response.body.code).toBe('RATE_LIMITED');
    // Another real client behind the same proxy is not affected.
    await resend(app, `${forged()}, 192.0.2.11`).expect(200);
  });

  it('counts the IPv6 addresses of one /64 together', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 1; i <= LIMIT; i++) await resend(app, `${forged()}, ${prefix}::${i.toString(16)}`).expect(200);
    await resend(app, `${forged()}, ${prefix}::ffff:1`).expect(429);
    // The next /64 is someone else.
    await resend(app, `${forged()}, ${prefix.replace(/:7$/, ':8')}::1`).expect(200);
  });
});
