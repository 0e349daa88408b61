import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS } from '../../infra/redis/redis.module.js';
import { serviceBusy, TRY_AGAIN_SHORTLY } from '../errors.js';
import { rateLimitAddress } from './client-address.js';

export interface RateLimitRule {
  /** Stable name, part of the Redis key. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Redis-backed limits shared by every API instance: `consume` throws 429 with the wait in the message. A key
 * that is a client's IP address counts against its group (IPv6 by /64: client-address.ts).
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiters = new Map<string, RateLimiterRedis>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async consume(rule: RateLimitRule, key: string): Promise<void> {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `redpen:rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
      });
      this.limiters.set(rule.name, limiter);
    }
    try {
      await limiter.consume(rateLimitAddress(key));
    } catch (result) {
      if (result instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
        throw new HttpException(
          { message: `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, code: 'RATE_LIMITED', retryAfterSeconds: seconds },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      // Redis itself failed: refuse honestly rather than letting unlimited traffic through.
      throw serviceBusy(TRY_AGAIN_SHORTLY);
    }
  }

  /**
   * Gives back one count `consumeWrite` took for what turned out not to be a write (a repeated chat send answered with
   * the message already saved). Redis failing to answer is ignored: the count then expires with its window.
   */
  async refundWrite(rule: RateLimitRule, userId: string): Promise<void> {
    await this.limiters
      .get(rule.name)
      ?.reward(rateLimitAddress(userId))
      .catch(() => undefined);
  }

  /**
   * A signed-in person's write limit (the write guard, the chat socket's sends): as `consume`, 429 past it, but when
   * Redis cannot answer the write goes ahead (logged). The limit guards against abuse; a Redis outage must not stop
   * every student and tutor from working (docs/decisions.md).
   */
  async consumeWrite(rule: RateLimitRule, userId: string): Promise<void> {
    try {
      await this.consume(rule, userId);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.TOO_MANY_REQUESTS) throw error;
      this.logger.warn(`write limit "${rule.name}" not checked (Redis did not answer): the write goes ahead`);
    }
  }
}
