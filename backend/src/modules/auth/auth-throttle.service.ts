import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Clock } from '../../infra/clock/clock.service.js';
import { REDIS } from '../../infra/redis/redis.module.js';
import type { CodePurpose } from './auth.repository.js';
import { CODE_DAILY_WINDOW_SECONDS, CODE_DAILY_WRONG_MAX, RESEND_COOLDOWN_SECONDS } from './one-time-secrets.js';

/**
 * Sign-in failures (failures only; a right password never counts):
 * - hard limit per account + client IP: the 10th failure in 15 minutes blocks that pair, not the account;
 * - account-wide, from the 5th failure in an hour, progressive delays (1 s, 2 s, 4 s … capped at 60 s) between
 *   attempts from IPs that have not signed in to the account before; IPs that have (30 days) skip them.
 */
export const LOGIN_THROTTLE = {
  accountIpFailures: 10,
  accountIpWindowSeconds: 15 * 60,
  accountFreeFailures: 5,
  accountWindowSeconds: 3600,
  maxDelaySeconds: 60,
  knownIpSeconds: 30 * 24 * 3600,
} as const;

/** A known address's "someone tried to register" notice goes out at most this often. */
export const REGISTRATION_NOTICE_INTERVAL_SECONDS = 3600;

const PREFIX = 'redpen:auth';
const digest = (value: string) => createHash('sha256').update(value.toLowerCase()).digest('hex');

function tooMany(seconds: number, message = `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`): HttpException {
  return new HttpException({ message, code: 'RATE_LIMITED', retryAfterSeconds: seconds }, HttpStatus.TOO_MANY_REQUESTS);
}

/** The auth module's Redis counters (shared by every instance): sign-in failures, wrong codes, cooldowns, notices. */
@Injectable()
export class AuthThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  // ---- sign-in failures ---------------------------------------------------------------------------------

  /** Throws 429 when this account + IP is blocked, or when the account-wide delay has not passed for this IP. */
  async assertSignInAllowed(email: string, ip: string): Promise<void> {
    const account = digest(email);
    ip = digest(ip);
    const [pairFailures, pairTtl, accountFailures, lastFailureAt, knownIp] = await this.redis
      .multi()
      .get(`${PREFIX}:fail:pair:${account}:${ip}`)
      .ttl(`${PREFIX}:fail:pair:${account}:${ip}`)
      .get(`${PREFIX}:fail:account:${account}`)
      .get(`${PREFIX}:fail:last:${account}`)
      .sismember(`${PREFIX}:known-ips:${account}`, ip)
      .exec()
      .then((replies) => (replies ?? []).map(([, value]) => value));
    if (Number(pairFailures ?? 0) >= LOGIN_THROTTLE.accountIpFailures) throw tooMany(Math.max(1, Number(pairTtl)));
    const failures = Number(accountFailures ?? 0);
    if (failures < LOGIN_THROTTLE.accountFreeFailures || Number(knownIp) === 1) return;
    const delayMs = Math.min(2 ** (failures - LOGIN_THROTTLE.accountFreeFailures), LOGIN_THROTTLE.maxDelaySeconds) * 1000;
    const waitMs = Number(lastFailureAt ?? 0) + delayMs - this.clock.now().getTime();
    if (waitMs > 0) throw tooMany(Math.ceil(waitMs / 1000));
  }

  async recordSignInFailure(email: string, ip: string): Promise<void> {
    const account = digest(email);
    ip = digest(ip);
    await this.redis
      .multi()
      .incr(`${PREFIX}:fail:pair:${account}:${ip}`)
      .expire(`${PREFIX}:fail:pair:${account}:${ip}`, LOGIN_THROTTLE.accountIpWindowSeconds, 'NX')
      .incr(`${PREFIX}:fail:account:${account}`)
      .expire(`${PREFIX}:fail:account:${account}`, LOGIN_THROTTLE.accountWindowSeconds, 'NX')
      .set(`${PREFIX}:fail:last:${account}`, String(this.clock.now().getTime()), 'EX', LOGIN_THROTTLE.accountWindowSeconds)
      .exec();
  }

  /** A right password clears this pair's failures and marks the IP as known for the account. */
  async recordSignInSuccess(email: string, ip: string): Promise<void> {
    const account = digest(email);
    ip = digest(ip);
    await this.redis
      .multi()
      .del(`${PREFIX}:fail:pair:${account}:${ip}`)
      .sadd(`${PREFIX}:known-ips:${account}`, ip)
      .expire(`${PREFIX}:known-ips:${account}`, LOGIN_THROTTLE.knownIpSeconds)
      .exec();
  }

  // ---- wrong codes --------------------------------------------------------------------------------------

  /** 429 once `subject` (an account, or an address for email codes) has had CODE_DAILY_WRONG_MAX wrong codes today. */
  async assertCodeDailyCap(purpose: CodePurpose, subject: string): Promise<void> {
    const key = `${PREFIX}:codes-daily:${purpose}:${digest(subject)}`;
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    if (Number(count ?? 0) < CODE_DAILY_WRONG_MAX) return;
    const seconds = Math.max(1, ttl > 0 ? ttl : CODE_DAILY_WINDOW_SECONDS);
    throw tooMany(seconds, 'Too many wrong codes today. Please try again later.');
  }

  /** Counts a wrong code toward the daily cap and the current code's tries; returns the current code's tries. */
  async recordWrongCode(purpose: CodePurpose, subject: string): Promise<number> {
    const daily = `${PREFIX}:codes-daily:${purpose}:${digest(subject)}`;
    const current = `${PREFIX}:code-tries:${purpose}:${digest(subject)}`;
    const replies = await this.redis
      .multi()
      .incr(daily)
      .expire(daily, CODE_DAILY_WINDOW_SECONDS, 'NX')
      .incr(current)
      .expire(current, CODE_DAILY_WINDOW_SECONDS, 'NX')
      .exec();
    return Number(replies?.[2]?.[1] ?? 0);
  }

  /** Wrong tries at the current code of `subject`, counted the same way whether or not an account exists. */
  async codeTries(purpose: CodePurpose, subject: string): Promise<number> {
    return Number((await this.redis.get(`${PREFIX}:code-tries:${purpose}:${digest(subject)}`)) ?? 0);
  }

  /** A fresh code (or a request for one) starts its tries again. */
  async resetCodeTries(purpose: CodePurpose, subject: string): Promise<void> {
    await this.redis.del(`${PREFIX}:code-tries:${purpose}:${digest(subject)}`);
  }

  // ---- cooldowns and notices ----------------------------------------------------------------------------

  /** The server-side 60 s cooldown between code emails, per address and purpose (known or not). */
  async startCooldown(purpose: CodePurpose, email: string, { enforce = true } = {}): Promise<boolean> {
    const key = `redpen:cooldown:${purpose}:${digest(email)}`;
    if (!enforce) {
      await this.redis.set(key, '1', 'EX', RESEND_COOLDOWN_SECONDS);
      return true;
    }
    const set = await this.redis.set(key, '1', 'EX', RESEND_COOLDOWN_SECONDS, 'NX');
    if (set === 'OK') return true;
    const ttl = await this.redis.ttl(key);
    const seconds = Math.max(1, ttl > 0 ? ttl : RESEND_COOLDOWN_SECONDS);
    throw new HttpException(
      { message: `Please wait ${seconds} seconds before requesting a new code.`, code: 'RATE_LIMITED', retryAfterSeconds: seconds },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  /** True at most once per REGISTRATION_NOTICE_INTERVAL_SECONDS per address. */
  async claimRegistrationNotice(email: string): Promise<boolean> {
    const set = await this.redis.set(`${PREFIX}:register-notice:${digest(email)}`, '1', 'EX', REGISTRATION_NOTICE_INTERVAL_SECONDS, 'NX');
    return set === 'OK';
  }

  // ---- short-lived one-time values (ops sessions; sign-in links are SignInLinkStore's) -------------------

  async putOnce(kind: 'ops-session', id: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(`${PREFIX}:${kind}:${id}`, value, 'EX', ttlSeconds);
  }

  async peek(kind: 'ops-session', id: string): Promise<string | null> {
    return this.redis.get(`${PREFIX}:${kind}:${id}`);
  }

  /** Reads and deletes in one step: of two concurrent takers, one gets the value. */
  async take(kind: 'ops-session', id: string): Promise<string | null> {
    return this.redis.getdel(`${PREFIX}:${kind}:${id}`);
  }
}
