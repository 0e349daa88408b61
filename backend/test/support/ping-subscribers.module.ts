// A test-only event with two subscribers, registered exactly as a module's are (`@OnEvent`, found by discovery).
// Each subscriber counts its runs in Redis; the second fails while `failures` holds a count above zero.
import { Inject, Injectable, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { OnEvent } from '../../src/infra/events/on-event.decorator.js';
import { REDIS } from '../../src/infra/redis/redis.module.js';

declare module '../../src/infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    'test.pinged': { run: string };
    /** Its subscriber runs inside the recording transaction; `fail: true` makes it throw. */
    'test.pingedInside': { run: string; fail: boolean };
  }
}

export const pingKeys = (run: string) => ({ counts: `test:ping:${run}`, failures: `test:ping:${run}:failures` });

@Injectable()
export class PingSubscribers {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  @OnEvent('test.pinged')
  async first(event: { run: string }): Promise<void> {
    await this.redis.hincrby(pingKeys(event.run).counts, 'first', 1);
  }

  @OnEvent('test.pinged')
  async second(event: { run: string }): Promise<void> {
    if ((await this.redis.decr(pingKeys(event.run).failures)) >= 0) throw new Error('SMTP is down');
    await this.redis.hincrby(pingKeys(event.run).counts, 'second', 1);
  }

  @OnEvent('test.pingedInside', { phase: 'inTransaction' })
  async inside(event: { run: string; fail: boolean }): Promise<void> {
    if (event.fail) throw new Error('the context could not be written');
    await this.redis.hincrby(pingKeys(event.run).counts, 'inside', 1);
  }
}

@Module({ providers: [PingSubscribers] })
export class PingSubscribersModule {}
