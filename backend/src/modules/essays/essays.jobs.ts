import { defineJobs, defineScheduler } from '../../infra/queue/job-registry.js';

/** The essays' own queue: their timed transitions and the sweeper that repairs lost ones. */
export const ESSAYS_QUEUE = 'essays';

declare module '../../infra/queue/job-registry.js' {
  interface JobPayloads {
    /** The 24 h word-count discussion of an accepted essay ran out unpaid: back to the pool. */
    'essay.wordcount.expire': { essayId: string };
    /** The marking deadline of a paid essay passed unmarked: flag it overdue, tell the student and the admins. */
    'essay.marking.overdue': { essayId: string };
    /** A requested revision was not marked again within the marking deadline: flag it overdue, tell the student and the admins. */
    'essay.revision.overdue': { essayId: string };
    /** A completion's payout became eligible (PAYOUT_ELIGIBILITY_SECONDS later, not accepted, not revised): tell the tutor. */
    'essay.payout.eligible': { essayId: string };
    /** A completion's revision window (REVISION_WINDOW_SECONDS) closed unused: the review is final; tell the student. */
    'essay.revision-window.close': { essayId: string };
    /** Finds essays whose discussion window or marking deadline passed (a job lost with Redis) and enqueues the transition. */
    'essay.sweep-timers': Record<string, never>;
  }
}

export const ESSAY_TIMER_JOBS = ['essay.wordcount.expire', 'essay.marking.overdue', 'essay.revision.overdue', 'essay.payout.eligible', 'essay.revision-window.close'] as const;
export type EssayTimerJob = (typeof ESSAY_TIMER_JOBS)[number];

defineJobs(ESSAYS_QUEUE, [...ESSAY_TIMER_JOBS, 'essay.sweep-timers']);
defineScheduler({ id: 'essay-sweep-timers', name: 'essay.sweep-timers', payload: {}, everyMs: (config) => config.windows.sweeperIntervalSeconds * 1000 });
