import { defineJobs, defineScheduler } from '../../infra/queue/job-registry.js';

/** Tutoring's own queue ("session reminders"): hold expiry, reminders and the sweeper that repairs lost ones. */
export const SESSIONS_QUEUE = 'sessions';

declare module '../../infra/queue/job-registry.js' {
  interface JobPayloads {
    /** A held session's BOOKING_HOLD_SECONDS ran out: expire it unless it was paid (id `session-hold.<id>`). */
    'session.hold.expire': { sessionId: string };
    /** 24 h or 1 h before a confirmed session: remind both sides (id `session-reminder.<id>.<hours>h.<start ms>`). */
    'session.reminder': { sessionId: string; hoursBefore: number };
    /** A confirmed session's end: `session.completed` (id `session-complete.<id>.<end ms>`). */
    'session.complete': { sessionId: string };
    /** Finds holds past their time (a job lost with Redis) and expires them. */
    'session.sweep-holds': Record<string, never>;
  }
}

export const SESSION_TIMER_JOBS = ['session.hold.expire', 'session.reminder', 'session.complete'] as const;
export type SessionTimerJob = (typeof SESSION_TIMER_JOBS)[number];

defineJobs(SESSIONS_QUEUE, [...SESSION_TIMER_JOBS, 'session.sweep-holds']);
defineScheduler({ id: 'session-sweep-holds', name: 'session.sweep-holds', payload: {}, everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000 });

/** Deterministic job ids: scheduling twice keeps one job; a rescheduled start (none today) would get new ones. */
export const holdExpiryJobId = (sessionId: string): string => `session-hold.${sessionId}`;
export const completionJobId = (sessionId: string, end: Date): string => `session-complete.${sessionId}.${end.getTime()}`;
export const reminderJobId = (sessionId: string, hoursBefore: number, start: Date): string => `session-reminder.${sessionId}.${hoursBefore}h.${start.getTime()}`;
