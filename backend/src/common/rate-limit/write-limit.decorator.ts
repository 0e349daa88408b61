import { SetMetadata } from '@nestjs/common';
import type { RateLimitRule } from './rate-limit.service.js';

export const WRITE_LIMIT = Symbol('write-limit');

/**
 * A route's own per-user limit in place of the general one (`WRITE_RATE_LIMIT_PER_MINUTE`) that WriteRateLimitGuard
 * applies to every authenticated write. Routes that share a rule's `name` share its count (a block and an unblock;
 * the essay discussion's messages and the chat socket's).
 */
export const WriteLimit = (rule: RateLimitRule) => SetMetadata(WRITE_LIMIT, rule);
