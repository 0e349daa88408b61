import type { RateLimitRule } from '../../common/rate-limit/rate-limit.service.js';

/** Reports one user may file an hour (both sides): each one lands in the admins' moderation queue. */
export const CHAT_REPORT_LIMIT: RateLimitRule = { name: 'chat-report', points: 10, durationSeconds: 3600 };
/** Blocks and unblocks together, per student an hour: toggling is not a way to spam the tutor's notices. */
export const CHAT_BLOCK_LIMIT: RateLimitRule = { name: 'chat-block', points: 30, durationSeconds: 3600 };
