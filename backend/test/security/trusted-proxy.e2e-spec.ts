// Security regression: TRUST_PROXY names the proxies (addresses or CIDRs), never a hop count, so
// a request that does not come from a listed proxy keeps its socket address whatever X-Forwarded-For says.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../src/config/env.schema.js';
import { AUTH_LIMITS } from '../../src/modules/auth/auth.service.js';
import { bootApp } from '../support/app.js';

const FORGED = '198.51.100.77';
/** The per-IP counters the resend-code limit keeps: whose address the app believed. */
const counted = (redis: Redis) => redis.keys(`redpen:rl:${AUTH_LIMITS.resendIp.name}:*`);

async function resendWithForgedAddress(app: NestFastifyApplication): Promise<void> {
  await request(app.getHttpServer()).post('/api/auth/resendCode').set('x-forwarded-for', FORGED).send({ email: `proxy-${randomUUID()}@example.test` }).expect(200);
}

describe('TRUST_PROXY', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(() => redis?.disconnect());
  const clear = async () => {
    const keys = await counted(redis);
    if (keys.length) await redis.del(...keys);
  };

  it.each(['1', '2'])('refuses a hop count (%s) at boot: a count believes whatever peer connects', (hops) => {
    expect(() => loadConfig({ ...process.env, TRUST_PROXY: hops })).toThrow(ConfigError);
    expect(() => loadConfig({ ...process.env, TRUST_PROXY: hops })).toThrow(/not a hop count/);
    expect(() => loadConfig({ ...process.env, NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-forty-characters!', TRUST_PROXY: hops })).toThrow(/not a hop count/);
  });

  describe('with the proxy network listed (compose: 172.30.53.0/28)', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      ({ app } = await bootApp({ TRUST_PROXY: '172.30.53.0/28' }));
    });
    afterAll(async () => app?.close());

    it('a request from elsewhere (here: loopback) keeps its socket address; its X-Forwarded-For is ignored', async () => {
      await clear();
      await resendWithForgedAddress(app);
      const keys = await counted(redis);
      expect(keys.some((key) => key.endsWith(':127.0.0.1'))).toBe(true);
      expect(keys.some((key) => key.endsWith(FORGED))).toBe(false);
    });
  });

  describe('with the peer listed as a proxy (loopback)', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      ({ app } = await bootApp({ TRUST_PROXY: '127.0.0.0/8,::1/128' }));
    });
    afterAll(async () => app?.close());

    it('believes the address the listed proxy reports', async () => {
      await clear();
      await resendWithForgedAddress(app);
      expect((await counted(redis)).some((key) => key.endsWith(`:${FORGED}`))).toBe(true);
    });
  });
});
