import { Injectable } from '@nestjs/common';
import type { JobOf } from '../../infra/queue/job-handler.js';
import { OnJob } from '../../infra/queue/on-job.decorator.js';
import { ESSAYS_QUEUE } from './essays.jobs.js';
import { EssayTimers } from './essay-timers.service.js';

/** The essays queue's jobs; each is safe to run twice (EssayTimers re-checks the row). */
@Injectable()
export class EssayTimersHandler {
  constructor(private readonly timers: EssayTimers) {}

  @OnJob({ name: 'essay.wordcount.expire', queue: ESSAYS_QUEUE })
  async expireWordCountWindow(job: JobOf<'essay.wordcount.expire'>): Promise<{ returned: boolean }> {
    return { returned: await this.timers.expireDiscussion(job.data.essayId) };
  }

  @OnJob({ name: 'essay.marking.overdue', queue: ESSAYS_QUEUE })
  async flagMarkingOverdue(job: JobOf<'essay.marking.overdue'>): Promise<{ flagged: boolean }> {
    return { flagged: await this.timers.flagOverdue(job.data.essayId) };
  }

  @OnJob({ name: 'essay.revision.overdue', queue: ESSAYS_QUEUE })
  async flagRevisionOverdue(job: JobOf<'essay.revision.overdue'>): Promise<{ flagged: boolean }> {
    return { flagged: await this.timers.flagRevisionOverdue(job.data.essayId) };
  }

  @OnJob({ name: 'essay.payout.eligible', queue: ESSAYS_QUEUE })
  async notifyPayoutEligible(job: JobOf<'essay.payout.eligible'>): Promise<{ notified: boolean }> {
    return { notified: await this.timers.notifyPayoutEligible(job.data.essayId) };
  }

  @OnJob({ name: 'essay.revision-window.close', queue: ESSAYS_QUEUE })
  async closeRevisionWindow(job: JobOf<'essay.revision-window.close'>): Promise<{ closed: boolean }> {
    return { closed: await this.timers.closeRevisionWindow(job.data.essayId) };
  }

  /** Repeatable (essays.jobs.ts): only enqueues, so two instances sweeping at once double nothing. */
  @OnJob({ name: 'essay.sweep-timers', queue: ESSAYS_QUEUE })
  async sweep(): Promise<{ enqueued: number }> {
    return this.timers.sweep();
  }
}
