import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
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
    const returned = await this.essays.returnToPool(essayId, new Date(now.getTime() - this.windowMs), now);
    if (!returned) return false;
    const { essay, tutorId } = returned;
    await this.chat.closeConversationContext({ kind: 'essay', id: essay.id });
    const people = await this.essays.contacts([essay.studentId, tutorId]);
    for (const person of people) {
      const side = person.id === essay.studentId ? 'student' : 'tutor';
      await this.mail.send(
        { to: person.email, template: 'essays.returned-to-pool', data: { name: person.name, title: essay.title, side, reason: 'expired' } },
        { jobId: `essay-returned.${essay.id}.${essay.updatedAt.getTime()}.${side}` },
      );
    }
    this.logger.log(`essay ${essay.id} returned to the pool: the discussion window ran out unpaid`);
    return true;
  }

  /** Re-enqueues the expiry of every accepted essay whose window has passed (same ids: a live job is not doubled). */
  async sweep(): Promise<{ enqueued: number }> {
    const due = await this.essays.expiredDiscussions(new Date(this.clock.now().getTime() - this.windowMs), SWEEP_BATCH);
    for (const essay of due) await this.scheduleDiscussionExpiry(essay.id, essay.acceptedAt);
    return { enqueued: due.length };
  }
}
