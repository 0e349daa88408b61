import { describe, expect, it, jest } from '@jest/globals';
import { HttpException, HttpStatus, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AppConfig } from '../../config/env.schema.js';
import { serviceBusy } from '../errors.js';
import { RateLimitService } from './rate-limit.service.js';
import { WriteRateLimitGuard } from './write-rate-limit.guard.js';

const config = { rateLimits: { writesPerMinute: 120 } } as AppConfig;

function context(method: string, user?: { id: string }): ExecutionContext {
  const handler = () => undefined;
  return {
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({ getRequest: () => ({ method, user }) }),
  } as unknown as ExecutionContext;
}

/** The real service (its write rule: a Redis failure lets the write through) over a stand-in for its Redis counter. */
function guardWith(consume: RateLimitService['consume']) {
  const limits = Object.assign(new RateLimitService(null as never), { consume: jest.fn(consume) });
  return { guard: new WriteRateLimitGuard(new Reflector(), limits, config), limits };
}

describe('WriteRateLimitGuard', () => {
  it('counts an authenticated write against the user and lets reads and anonymous requests pass uncounted', async () => {
    const { guard, limits } = guardWith(async () => undefined);
    await expect(guard.canActivate(context('POST', { id: 'u1' }))).resolves.toBe(true);
    expect(limits.consume).toHaveBeenCalledWith({ name: 'write', points: 120, durationSeconds: 60 }, 'u1');
    expect(guard.canActivate(context('GET', { id: 'u1' }))).toBe(true);
    expect(guard.canActivate(context('POST'))).toBe(true);
    expect(limits.consume).toHaveBeenCalledTimes(1);
  });

  it('refuses a write past the limit with the 429', async () => {
    const tooMany = new HttpException({ code: 'RATE_LIMITED' }, HttpStatus.TOO_MANY_REQUESTS);
    const { guard } = guardWith(async () => Promise.reject(tooMany));
    await expect(guard.canActivate(context('PUT', { id: 'u1' }))).rejects.toBe(tooMany);
  });

  it('lets the write go ahead when Redis cannot answer: an outage of the limiter stops nobody’s work', async () => {
    const { guard } = guardWith(async () => Promise.reject(serviceBusy('Please try again shortly.')));
    await expect(guard.canActivate(context('POST', { id: 'u1' }))).resolves.toBe(true);
  });
});
