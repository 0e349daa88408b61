import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { AuthenticatedUser } from '../guards/authenticated-user.js';
import { routeAccess } from '../guards/route-access.js';
import { RateLimitService, type RateLimitRule } from './rate-limit.service.js';
import { WRITE_LIMIT } from './write-limit.decorator.js';

/** Methods that change nothing: never counted. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The third global guard (after authentication and roles): every authenticated write (POST, PUT, PATCH, DELETE)
 * counts against a per-user limit kept in Redis, so all API instances share it; past it, 429 `RATE_LIMITED` with
 * `Retry-After`. The general rule is `WRITE_RATE_LIMIT_PER_MINUTE` per user; a route with `@WriteLimit(rule)` counts
 * against its own rule instead (docs/operations.md "Rate limits"). Public routes keep their own per-IP limits.
 * When Redis cannot answer, the write goes ahead (logged; `RateLimitService.consumeWrite`, which the chat socket's
 * sends use too).
 */
@Injectable()
export class WriteRateLimitGuard implements CanActivate {
  private readonly general: RateLimitRule;
  /** Each handler's rule, read from its decorators once. */
  private readonly rules = new WeakMap<object, RateLimitRule>();

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.general = { name: 'write', points: config.rateLimits.writesPerMinute, durationSeconds: 60 };
  }

  // Not async: reads and public routes pass without a promise.
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<{ method: string; user?: AuthenticatedUser }>();
    if (READS.has(request.method) || !request.user || routeAccess(this.reflector, context).isPublic) return true;
    const rule = this.ruleOf(context);
    return this.limits.consumeWrite(rule, request.user.id).then(() => true);
  }

  private ruleOf(context: ExecutionContext): RateLimitRule {
    const handler = context.getHandler();
    let rule = this.rules.get(handler);
    if (!rule) {
      rule = this.reflector.getAllAndOverride<RateLimitRule | undefined>(WRITE_LIMIT, [handler, context.getClass()]) ?? this.general;
      this.rules.set(handler, rule);
    }
    return rule;
  }
}
