import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { EssayRow } from '../../infra/database/schema/index.js';
import { MailService } from '../../infra/mail/mail.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import type { JobPayloads } from '../../infra/queue/job-registry.js';
import { formatPounds, splitCommission } from '@redpen/shared/pricing';
import { ChatService } from '../chat/chat.service.js';
import { clockEnds, essayWindows, markingWindows, type EssayWindows } from './essay-rules.js';
import { EssaysRepository } from './essays.repository.js';

type EssayTimerJob = 'essay.wordcount.expire' | 'essay.marking.overdue' | 'essay.revision.overdue' | 'essay.payout.eligible' | 'essay.revision-window.close';

/** The most overdue essays one sweep re-enqueues (the next sweep takes the rest). */
export const SWEEP_BATCH = 500;

/**
 * The essay timers (DESIGN.md §5): scheduling with deterministic job ids, and the transitions the jobs apply.
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
    private readonly chat: ChatService,
    private readonly mail: MailService,
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

  private webUrl(path: string): string {
    return `${this.config.webOrigin.replace(/\/$/, '')}${path}`;
  }

  /** One job per payment (the id carries paid_time), due at the marking deadline. */
  async scheduleMarkingDeadline(essayId: string, paidTime: Date, expedited: boolean): Promise<void> {
    const delayMs = this.delayUntil(clockEnds.marking(paidTime, expedited, this.windows));
    await this.enqueue('essay.marking.overdue', { essayId }, { jobId: `marking-deadline.${essayId}.${paidTime.getTime()}`, delayMs });
  }

  /** The deadline passed unmarked: flag it once (the Overdue badge), tell the student and the support inbox once. */
  async flagOverdue(essayId: string): Promise<boolean> {
    return this.changeAndNotify(
      (tx) => this.essays.markOverdue(essayId, this.clock.now(), this.markingDeadlines, tx),
      (essay, tx) => this.tellLate(essay, 'essays.marking-overdue', `essay-overdue.${essay.id}`, tx),
    );
  }

  /**
   * One job per acceptance: the id carries the acceptance time, so an essay that returns to the pool and is
   * accepted again gets a timer of its own (a kept job of the first acceptance would swallow a reused id).
   */
  async scheduleDiscussionExpiry(essayId: string, acceptedAt: Date): Promise<void> {
    const delayMs = this.delayUntil(clockEnds.discussion(acceptedAt, this.windows));
    await this.enqueue('essay.wordcount.expire', { essayId }, { jobId: `wordcount-expiry.${essayId}.${acceptedAt.getTime()}`, delayMs });
  }

  /** The discussion window ran out unpaid: back to the pool, the chat context closed, both sides told once. */
  async expireDiscussion(essayId: string): Promise<boolean> {
    const now = this.clock.now();
    return (await this.release(essayId, { acceptedBefore: new Date(now.getTime() - this.windows.discussionMs) }, 'expired')) !== undefined;
  }

  /**
   * An accepted, unpaid essay goes back to the pool (expiry, or its tutor's Cancel Review): its chat context closes
   * and the student (and, on expiry, the tutor) is mailed once. Undefined when the guard no longer holds.
   * The context is closed and the mails queued **before the return commits**: a process killed just after the
   * commit would otherwise lose them for good (its retried job finds the essay already in the pool). Killed
   * before the commit, the retry does it all again under the same mail ids (they name the acceptance), so nothing
   * goes out twice.
   */
  async release(essayId: string, guard: { acceptedBefore?: Date; tutorId?: string }, reason: 'expired' | 'cancelled'): Promise<EssayRow | undefined> {
    const returned = await this.essays.returnToPool(essayId, guard, this.clock.now(), async ({ essay, tutorId, acceptedAt }) => {
      await this.chat.closeConversationContext({ kind: 'essay', id: essay.id });
      const people = await this.essays.contacts(reason === 'expired' ? [essay.studentId, tutorId] : [essay.studentId]);
      for (const person of people) {
        const side = person.id === essay.studentId ? 'student' : 'tutor';
        await this.mail.send(
          { to: person.email, template: 'essays.returned-to-pool', data: { name: person.name, title: essay.title, side, reason } },
          { jobId: `essay-returned.${essay.id}.${acceptedAt.getTime()}.${side}` },
        );
      }
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

  /** DESIGN.md §9: the resubmission is due a marking deadline (48 h) after the request. */
  async scheduleRevisionDue(essayId: string, requestedAt: Date): Promise<void> {
    const delayMs = this.delayUntil(clockEnds.revision(requestedAt, this.windows));
    await this.enqueue('essay.revision.overdue', { essayId }, { jobId: `revision-due.${essayId}.${requestedAt.getTime()}`, delayMs });
  }

  /** The revision is late: flag it once (the Overdue badge again), tell the student and the support inbox once. */
  async flagRevisionOverdue(essayId: string): Promise<boolean> {
    return this.changeAndNotify(
      (tx) => this.essays.markRevisionOverdue(essayId, this.clock.now(), this.windows.markingMs, tx),
      (essay, tx) => this.tellLate(essay, 'essays.revision-overdue', `revision-overdue.${essay.id}.${essay.revisionRequestedAt!.getTime()}`, tx),
    );
  }

  /** Marking or a revision is late: the student and the support inbox (the admins) are told, each once. */
  private async tellLate(essay: EssayRow, template: 'essays.marking-overdue' | 'essays.revision-overdue', jobIdPrefix: string, tx: DbOrTx): Promise<void> {
    const people = await this.essays.contacts([essay.studentId, essay.tutorId!], tx);
    const student = people.find((p) => p.id === essay.studentId);
    const tutorName = people.find((p) => p.id === essay.tutorId)?.name ?? 'the tutor';
    const data = { title: essay.title, essayId: essay.id, tutorName };
    if (student) await this.mail.send({ to: student.email, template, data: { ...data, name: student.name, side: 'student' } }, { jobId: `${jobIdPrefix}.student` });
    await this.mail.send({ to: this.config.mail.supportEmail, template, data: { ...data, name: 'Redpen team', side: 'admin' } }, { jobId: `${jobIdPrefix}.admin` });
    this.logger.warn(`essay ${essay.id}: ${template === 'essays.marking-overdue' ? 'not marked by its deadline' : 'the requested revision is overdue'}`);
  }

  /** The payout became eligible by time (not by the student's acceptance, which the tutor sees at once): tell the tutor once. */
  async notifyPayoutEligible(essayId: string): Promise<boolean> {
    return this.changeAndNotify(
      (tx) => this.essays.notePayoutEligible(essayId, this.clock.now(), this.windows.payoutEligibilityMs, tx),
      async (essay, tx) => {
        const [tutor] = await this.essays.contacts([essay.tutorId!], tx);
        if (!tutor) return;
        const earnings = splitCommission(essay.pricePence, this.config.payments.platformCommissionPercent).tutorEarningsPence;
        await this.mail.send(
          { to: tutor.email, template: 'essays.payout-eligible', data: { name: tutor.name, title: essay.title, amount: formatPounds(earnings), reviewsUrl: this.webUrl('/tutor/essay-feedback') } },
          { jobId: `payout-eligible-mail.${essay.id}.${essay.completedAt!.getTime()}` },
        );
      },
    );
  }

  /** The revision window passed unused: the review is final (no more revisions); tell the student once. */
  async closeRevisionWindow(essayId: string): Promise<boolean> {
    return this.changeAndNotify(
      (tx) => this.essays.closeRevisionWindow(essayId, this.clock.now(), this.windows.revisionMs, tx),
      async (essay, tx) => {
        const [student] = await this.essays.contacts([essay.studentId], tx);
        if (!student) return;
        await this.mail.send(
          { to: student.email, template: 'essays.revision-window-closed', data: { name: student.name, title: essay.title, essayUrl: this.webUrl(`/student/essay/${essay.id}`) } },
          { jobId: `revision-window-mail.${essay.id}.${essay.completedAt!.getTime()}` },
        );
      },
    );
  }

  /**
   * A guarded change and the notices it owes, queued before the change commits (see `release`): a crash after
   * the commit cannot lose them, and a retry after a failed commit queues them under the same ids. True when the
   * change applied.
   */
  private changeAndNotify(change: (tx: DbOrTx) => Promise<EssayRow | undefined>, notify: (essay: EssayRow, tx: DbOrTx) => Promise<void>): Promise<boolean> {
    return this.essays.transaction(async (tx) => {
      const essay = await change(tx);
      if (!essay) return false;
      await notify(essay, tx);
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
