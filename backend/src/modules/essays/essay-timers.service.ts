import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { Transaction } from '../../infra/database/database.types.js';
import type { EssayRow } from './essays.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import type { JobPayloads } from '../../infra/queue/job-registry.js';
import { splitCommission } from '@redpen/shared/pricing';
import { clockEnds, essayWindows, markingWindows, type EssayWindows } from './essay-rules.js';
import type { EssayTimerJob } from './essays.jobs.js';
import { EssaysRepository } from './essays.repository.js';

/** The most overdue essays one sweep re-enqueues (the next sweep takes the rest). */
export const SWEEP_BATCH = 500;

/**
 * The essay timers: scheduling and cancelling with deterministic job ids (EssayTimersSubscriber calls
 * these on the essay's events), and the transitions the jobs apply, each recording its event for the notices.
 * The database decides: a job re-reads the row and acts only through a guarded update, so a late, repeated or
 * stale job (the essay was paid, or re-accepted since) does nothing; the sweeper re-enqueues what Redis lost.
 */
@Injectable()
export class EssayTimers {
  private readonly logger = new Logger(EssayTimers.name);

  /** The configured windows, read once. */
  private readonly windows: EssayWindows;
  /** The marking deadline, standard and expedited (the repository's overdue queries take both). */
  private readonly markingDeadlines: { standard: number; expedited: number };

  constructor(
    private readonly essays: EssaysRepository,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.windows = essayWindows(config.windows);
    this.markingDeadlines = markingWindows(this.windows);
  }

  /** How long until `due` (0 once it has passed): a job's delay. */
  private delayUntil(due: Date): number {
    return Math.max(0, due.getTime() - this.clock.now().getTime());
  }

  /**
   * Queueing a timer never fails the caller (Redis down → logged): the database holds the state, and the
   * sweeper enqueues the same job under the same id once it is due.
   */
  private async enqueue<N extends EssayTimerJob>(name: N, data: JobPayloads[N], options: { jobId: string; delayMs: number }): Promise<void> {
    try {
      await this.jobs.enqueue(name, data, options);
    } catch (error) {
      this.logger.warn(`${options.jobId} not queued (the sweeper will catch it): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A timer that no longer applies (the essay was paid, or left its tutor) is removed; a failure is harmless (the job re-checks). */
  private async cancel(name: EssayTimerJob, jobId: string): Promise<void> {
    try {
      await this.jobs.remove(name, jobId);
    } catch (error) {
      this.logger.debug(`${jobId} not removed (it re-checks the essay when it runs): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One job per payment (the id carries paid_time), due at the marking deadline. */
  async scheduleMarkingDeadline(essayId: string, paidTime: Date, expedited: boolean): Promise<void> {
    const delayMs = this.delayUntil(clockEnds.marking(paidTime, expedited, this.windows));
    await this.enqueue('essay.marking.overdue', { essayId }, { jobId: markingDeadlineJobId(essayId, paidTime), delayMs });
  }

  /** The deadline passed unmarked: flag it once (the Overdue badge), tell the student and the support inbox once. */
  async flagOverdue(essayId: string): Promise<boolean> {
    return this.changeAndRecord(
      (tx) => this.essays.markOverdue(essayId, this.clock.now(), this.markingDeadlines, tx),
      (essay, tx) => this.events.record(tx, 'essay.markingOverdue', { ...essayRef(essay), tutorId: essay.tutorId! }),
    );
  }

  /**
   * One job per acceptance: the id carries the acceptance time, so an essay that returns to the pool and is
   * accepted again gets a timer of its own (a kept job of the first acceptance would swallow a reused id).
   */
  async scheduleDiscussionExpiry(essayId: string, acceptedAt: Date): Promise<void> {
    const delayMs = this.delayUntil(clockEnds.discussion(acceptedAt, this.windows));
    await this.enqueue('essay.wordcount.expire', { essayId }, { jobId: discussionExpiryJobId(essayId, acceptedAt), delayMs });
  }

  async cancelDiscussionExpiry(essayId: string, acceptedAt: Date): Promise<void> {
    await this.cancel('essay.wordcount.expire', discussionExpiryJobId(essayId, acceptedAt));
  }

  /** The discussion window ran out unpaid: back to the pool, the chat context closed, both sides told once. */
  async expireDiscussion(essayId: string): Promise<boolean> {
    const now = this.clock.now();
    return (await this.release(essayId, { acceptedBefore: new Date(now.getTime() - this.windows.discussionMs) }, 'expired')) !== undefined;
  }

  /**
   * An accepted, unpaid essay goes back to the pool (expiry, or its tutor's Cancel Review), recording
   * `essay.returnedToPool` in the same transaction: Chat closes the context and Notifications tells the student (and,
   * on expiry, the tutor) once, after the commit or, if the process dies first, from the outbox. Undefined when the
   * guard no longer holds.
   */
  async release(essayId: string, guard: { acceptedBefore?: Date; tutorId?: string }, reason: 'expired' | 'cancelled' | 'tutorBanned'): Promise<EssayRow | undefined> {
    const returned = await this.events.transaction(async (tx) => {
      const held = await this.essays.returnToPool(essayId, guard, this.clock.now(), tx);
      if (held) {
        await this.events.record(tx, 'essay.returnedToPool', { ...essayRef(held.essay), tutorId: held.tutorId, acceptedAt: held.acceptedAt.toISOString(), reason });
      }
      return held;
    });
    if (!returned) return undefined;
    this.logger.log(`essay ${essayId} returned to the pool (${reason})`);
    return returned.essay;
  }

  /**
   * A completion starts two clocks (one job each, the ids carry completed_at): the payout becomes eligible
   * PAYOUT_ELIGIBILITY_SECONDS later (the tutor is told), and the revision window closes REVISION_WINDOW_SECONDS later.
   */
  async scheduleCompletionTimers(essayId: string, completedAt: Date): Promise<void> {
    const at = completedAt.getTime();
    const payoutDelayMs = this.delayUntil(clockEnds.payoutEligibility(completedAt, this.windows));
    await this.enqueue('essay.payout.eligible', { essayId }, { jobId: `payout-eligible.${essayId}.${at}`, delayMs: payoutDelayMs });
    const revisionDelayMs = this.delayUntil(clockEnds.revisionWindow(completedAt, this.windows));
    await this.enqueue('essay.revision-window.close', { essayId }, { jobId: `revision-window.${essayId}.${at}`, delayMs: revisionDelayMs });
  }

  /** The resubmission is due a marking deadline (48 h) after the request. */
  async scheduleRevisionDue(essayId: string, requestedAt: Date): Promise<void> {
    const delayMs = this.delayUntil(clockEnds.revision(requestedAt, this.windows));
    await this.enqueue('essay.revision.overdue', { essayId }, { jobId: revisionDueJobId(essayId, requestedAt), delayMs });
  }

  async cancelRevisionDue(essayId: string, requestedAt: Date): Promise<void> {
    await this.cancel('essay.revision.overdue', revisionDueJobId(essayId, requestedAt));
  }

  /** The revision is late: flag it once (the Overdue badge again), tell the student and the support inbox once. */
  async flagRevisionOverdue(essayId: string): Promise<boolean> {
    return this.changeAndRecord(
      (tx) => this.essays.markRevisionOverdue(essayId, this.clock.now(), this.windows.markingMs, tx),
      (essay, tx) => this.events.record(tx, 'essay.revisionOverdue', { ...essayRef(essay), tutorId: essay.tutorId!, requestedAt: essay.revisionRequestedAt!.toISOString() }),
    );
  }

  /** The payout became eligible by time (not by the student's acceptance, which the tutor sees at once): tell the tutor once. */
  async notifyPayoutEligible(essayId: string): Promise<boolean> {
    return this.changeAndRecord(
      (tx) => this.essays.notePayoutEligible(essayId, this.clock.now(), this.windows.payoutEligibilityMs, tx),
      (essay, tx) =>
        this.events.record(tx, 'essay.payoutEligible', {
          ...essayRef(essay),
          tutorId: essay.tutorId!,
          completedAt: essay.completedAt!.toISOString(),
          tutorEarningsPence: splitCommission(essay.pricePence, this.config.payments.platformCommissionPercent).tutorEarningsPence,
        }),
    );
  }

  /** The revision window passed unused: the review is final (no more revisions); the student is told once. */
  async closeRevisionWindow(essayId: string): Promise<boolean> {
    return this.changeAndRecord(
      (tx) => this.essays.closeRevisionWindow(essayId, this.clock.now(), this.windows.revisionMs, tx),
      (essay, tx) => this.events.record(tx, 'essay.revisionWindowClosed', { ...essayRef(essay), completedAt: essay.completedAt!.toISOString() }),
    );
  }

  /** A guarded change and the event it owes, in one transaction. True when the change applied. */
  private changeAndRecord(change: (tx: Transaction) => Promise<EssayRow | undefined>, record: (essay: EssayRow, tx: Transaction) => Promise<unknown>): Promise<boolean> {
    return this.events.transaction(async (tx) => {
      const essay = await change(tx);
      if (!essay) return false;
      await record(essay, tx);
      return true;
    });
  }

  /** Re-enqueues every transition whose time has passed (same ids as the originals: a live job is not doubled). */
  async sweep(): Promise<{ enqueued: number }> {
    const now = this.clock.now();
    const expired = await this.essays.expiredDiscussions(new Date(now.getTime() - this.windows.discussionMs), SWEEP_BATCH);
    for (const essay of expired) await this.scheduleDiscussionExpiry(essay.id, essay.acceptedAt);
    const overdue = await this.essays.overdueMarking(now, this.markingDeadlines, SWEEP_BATCH);
    for (const essay of overdue) await this.scheduleMarkingDeadline(essay.id, essay.paidTime, essay.expedited);
    const lateRevisions = await this.essays.overdueRevisions(now, this.windows.markingMs, SWEEP_BATCH);
    for (const essay of lateRevisions) await this.scheduleRevisionDue(essay.id, essay.revisionRequestedAt);
    const payouts = await this.essays.payoutsDue(now, this.windows.payoutEligibilityMs, SWEEP_BATCH);
    const revisionWindows = await this.essays.revisionWindowsDue(now, this.windows.revisionMs, SWEEP_BATCH);
    const completions = new Map([...payouts, ...revisionWindows].map((e) => [e.id, e.completedAt]));
    // One call schedules both clocks of a completion; the job ids keep whichever already ran or waits from doubling.
    for (const [id, completedAt] of completions) await this.scheduleCompletionTimers(id, completedAt);
    return { enqueued: expired.length + overdue.length + lateRevisions.length + completions.size };
  }
}

/** The job ids carry the time that starts each clock: a second acceptance or payment gets a timer of its own. */
const discussionExpiryJobId = (essayId: string, acceptedAt: Date) => `wordcount-expiry.${essayId}.${acceptedAt.getTime()}`;
const markingDeadlineJobId = (essayId: string, paidTime: Date) => `marking-deadline.${essayId}.${paidTime.getTime()}`;
const revisionDueJobId = (essayId: string, requestedAt: Date) => `revision-due.${essayId}.${requestedAt.getTime()}`;

/** The fields every essay event carries. */
export const essayRef = (essay: EssayRow) => ({ essayId: essay.id, title: essay.title, studentId: essay.studentId });
