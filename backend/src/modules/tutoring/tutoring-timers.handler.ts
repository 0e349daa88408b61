import { Injectable } from '@nestjs/common';
import type { JobOf } from '../../infra/queue/job-handler.js';
import { OnJob } from '../../infra/queue/on-job.decorator.js';
import { SESSIONS_QUEUE } from './tutoring.jobs.js';
import { TutoringTimers } from './tutoring-timers.service.js';

/** The sessions queue's jobs; each is safe to run twice (TutoringTimers re-checks the row). */
@Injectable()
export class TutoringTimersHandler {
  constructor(private readonly timers: TutoringTimers) {}

  @OnJob({ name: 'session.hold.expire', queue: SESSIONS_QUEUE })
  async expireHold(job: JobOf<'session.hold.expire'>): Promise<{ expired: boolean }> {
    return { expired: await this.timers.expireHold(job.data.sessionId) };
  }

  @OnJob({ name: 'session.reminder', queue: SESSIONS_QUEUE })
  async remind(job: JobOf<'session.reminder'>): Promise<{ reminded: boolean }> {
    return { reminded: await this.timers.remind(job.data.sessionId, job.data.hoursBefore) };
  }

  @OnJob({ name: 'session.complete', queue: SESSIONS_QUEUE })
  async complete(job: JobOf<'session.complete'>): Promise<{ completed: boolean }> {
    return { completed: await this.timers.complete(job.data.sessionId) };
  }

  /** Repeatable (tutoring.jobs.ts). */
  @OnJob({ name: 'session.sweep-holds', queue: SESSIONS_QUEUE })
  async sweep(): Promise<{ expired: number; remindersChecked: number }> {
    return this.timers.sweep();
  }
}
