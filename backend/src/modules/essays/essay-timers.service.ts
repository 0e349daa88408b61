import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { EssayRow } from '../../infra/database/schema/index.js';
import { MailService } from '../../infra/mail/mail.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import { ChatService } from '../chat/chat.service.js';
import { EssaysRepository } from './essays.repository.js';

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

  constructor(
    private readonly essays: EssaysRepository,
    private readonly jobs: JobQueue,
    private readonly chat: ChatService,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get windowMs(): number {
    return this.config.windows.wordCountWindowSeconds * 1000;
  }

  /** DESIGN.md §9: 48 h to mark (MARKING_DEADLINE_SECONDS), half of it (24 h) when expedited. */
  private get deadlineMs(): { standard: number; expedited: number } {
    const standard = this.config.windows.markingDeadlineSeconds * 1000;
    return { standard, expedited: Math.floor(standard / 2) };
  }

  /** One job per payment (the id carries paid_time), due at the marking deadline. */
  async scheduleMarkingDeadline(essayId: string, paidTime: Date, expedited: boolean): Promise<void> {
    const deadline = expedited ? this.deadlineMs.expedited : this.deadlineMs.standard;
    const delayMs = Math.max(0, paidTime.getTime() + deadline - this.clock.now().getTime());
    await this.jobs.enqueue('essay.marking.overdue', { essayId }, { jobId: `marking-deadline.${essayId}.${paidTime.getTime()}`, delayMs });
  }

  /** The deadline passed unmarked: flag it once (the Overdue badge), tell the student and the support inbox once. */
  async flagOverdue(essayId: string): Promise<boolean> {
    const essay = await this.essays.markOverdue(essayId, this.clock.now(), this.deadlineMs);
    if (!essay) return false;
    const people = await this.essays.contacts([essay.studentId, essay.tutorId!]);
    const student = people.find((p) => p.id === essay.studentId);
    const tutorName = people.find((p) => p.id === essay.tutorId)?.name ?? 'the tutor';
    const data = { title: essay.title, essayId: essay.id, tutorName };
    if (student) {
      await this.mail.send({ to: student.email, template: 'essays.marking-overdue', data: { ...data, name: student.name, side: 'student' } }, { jobId: `essay-overdue.${essay.id}.student` });
    }
    await this.mail.send(
      { to: this.config.mail.supportEmail, template: 'essays.marking-overdue', data: { ...data, name: 'Redpen team', side: 'admin' } },
      { jobId: `essay-overdue.${essay.id}.admin` },
    );
    this.logger.warn(`essay ${essay.id} is overdue: not marked by its deadline`);
    return true;
  }

  /**
   * One job per acceptance: the id carries the acceptance time, so an essay that returns to the pool and is
   * accepted again gets a timer of its own (a kept job of the first acceptance would swallow a reused id).
   */
  async scheduleDiscussionExpiry(essayId: string, acceptedAt: Date): Promise<void> {
    const delayMs = Math.max(0, acceptedAt.getTime() + this.windowMs - this.clock.now().getTime());
    await this.jobs.enqueue('essay.wordcount.expire', { essayId }, { jobId: `wordcount-expiry.${essayId}.${acceptedAt.getTime()}`, delayMs });
  }

  /** The discussion window ran out unpaid: back to the pool, the chat context closed, both sides told once. */
  async expireDiscussion(essayId: string): Promise<boolean> {
    const now = this.clock.now();
    return (await this.release(essayId, { acceptedBefore: new Date(now.getTime() - this.windowMs) }, 'expired')) !== undefined;
  }

  /**
   * An accepted, unpaid essay goes back to the pool (expiry, or its tutor's Cancel Review): its chat context closes
   * and the student (and, on expiry, the tutor) is mailed once. Undefined when the guard no longer holds.
   */
  async release(essayId: string, guard: { acceptedBefore?: Date; tutorId?: string }, reason: 'expired' | 'cancelled'): Promise<EssayRow | undefined> {
    const returned = await this.essays.returnToPool(essayId, guard, this.clock.now());
    if (!returned) return undefined;
    const { essay, tutorId } = returned;
    await this.chat.closeConversationContext({ kind: 'essay', id: essay.id });
    const people = await this.essays.contacts(reason === 'expired' ? [essay.studentId, tutorId] : [essay.studentId]);
    for (const person of people) {
      const side = person.id === essay.studentId ? 'student' : 'tutor';
      await this.mail.send(
        { to: person.email, template: 'essays.returned-to-pool', data: { name: person.name, title: essay.title, side, reason } },
        { jobId: `essay-returned.${essay.id}.${essay.updatedAt.getTime()}.${side}` },
      );
    }
    this.logger.log(`essay ${essay.id} returned to the pool (${reason})`);
    return essay;
  }

  /** Re-enqueues the transitions whose time has passed: discussion expiries and marking deadlines (same ids: a live job is not doubled). */
  async sweep(): Promise<{ enqueued: number }> {
    const now = this.clock.now();
    const expired = await this.essays.expiredDiscussions(new Date(now.getTime() - this.windowMs), SWEEP_BATCH);
    for (const essay of expired) await this.scheduleDiscussionExpiry(essay.id, essay.acceptedAt);
    const overdue = await this.essays.overdueMarking(now, this.deadlineMs, SWEEP_BATCH);
    for (const essay of overdue) await this.scheduleMarkingDeadline(essay.id, essay.paidTime, essay.expedited);
    return { enqueued: expired.length + overdue.length };
  }
}
