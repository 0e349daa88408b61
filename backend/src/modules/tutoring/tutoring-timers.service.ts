import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { JobQueue } from '../../infra/queue/job-queue.service.js';
import type { JobPayloads } from '../../infra/queue/job-registry.js';
import { sessionRef } from './tutoring.events.js';
import { completionJobId, holdExpiryJobId, reminderJobId, type SessionTimerJob } from './tutoring.jobs.js';
import { TutoringRepository } from './tutoring.repository.js';
import { REMINDER_HOURS_BEFORE } from './tutoring-rules.js';

/** The most lapsed holds one sweep expires (the next sweep takes the rest). */
export const SWEEP_BATCH = 500;

/**
 * The sessions' timers: the hold's expiry and the reminders, scheduled and removed under deterministic
 * ids (TutoringTimersSubscriber calls these on the session's events), and what the jobs do, each re-reading the row
 * and acting only through a guarded update or while the session is still booked.
 */
@Injectable()
export class TutoringTimers {
  private readonly logger = new Logger(TutoringTimers.name);

  constructor(
    private readonly repository: TutoringRepository,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  /** Queueing never fails the caller (Redis down → logged): the sweeper expires lapsed holds from SQL. */
  private async enqueue<N extends SessionTimerJob>(name: N, data: JobPayloads[N], options: { jobId: string; delayMs: number }): Promise<void> {
    try {
      await this.jobs.enqueue(name, data, options);
    } catch (error) {
      this.logger.warn(`${options.jobId} not queued (the sweeper will catch it): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async remove(name: SessionTimerJob, jobId: string): Promise<void> {
    try {
      await this.jobs.remove(name, jobId);
    } catch (error) {
      this.logger.debug(`${jobId} not removed (it re-checks the session when it runs): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private delayUntil(due: Date): number {
    return Math.max(0, due.getTime() - this.clock.now().getTime());
  }

  async scheduleHoldExpiry(sessionId: string, holdExpiresAt: Date): Promise<void> {
    await this.enqueue('session.hold.expire', { sessionId }, { jobId: holdExpiryJobId(sessionId), delayMs: this.delayUntil(holdExpiresAt) });
  }

  async cancelHoldExpiry(sessionId: string): Promise<void> {
    await this.remove('session.hold.expire', holdExpiryJobId(sessionId));
  }

  /** The reminders still ahead (a session booked 3 hours ahead gets only the 1-hour one). */
  async scheduleReminders(sessionId: string, start: Date): Promise<void> {
    const now = this.clock.now().getTime();
    for (const hoursBefore of REMINDER_HOURS_BEFORE) {
      const due = new Date(start.getTime() - hoursBefore * 3_600_000);
      if (due.getTime() <= now) continue;
      await this.enqueue('session.reminder', { sessionId, hoursBefore }, { jobId: reminderJobId(sessionId, hoursBefore, start), delayMs: this.delayUntil(due) });
    }
  }

  async cancelReminders(sessionId: string, start: Date): Promise<void> {
    for (const hoursBefore of REMINDER_HOURS_BEFORE) await this.remove('session.reminder', reminderJobId(sessionId, hoursBefore, start));
  }

  async scheduleCompletion(sessionId: string, end: Date): Promise<void> {
    await this.enqueue('session.complete', { sessionId }, { jobId: completionJobId(sessionId, end), delayMs: this.delayUntil(end) });
  }

  async cancelCompletion(sessionId: string, end: Date): Promise<void> {
    await this.remove('session.complete', completionJobId(sessionId, end));
  }

  /** The session ended while booked: `session.completed` (the student is asked to rate it; its mail's id makes it once). */
  async complete(sessionId: string): Promise<boolean> {
    const session = await this.repository.findById(sessionId);
    if (!session || session.status !== 'confirmed' || session.endTime > this.clock.now()) return false;
    await this.events.transaction((tx) => this.events.record(tx, 'session.completed', { ...sessionRef(session), completedAt: session.endTime.toISOString() }));
    return true;
  }

  /** The hold ran out unpaid: held → expired (the slot is free), recording `session.expired`. False when it was paid or is not due. */
  async expireHold(sessionId: string): Promise<boolean> {
    return this.events.transaction(async (tx) => {
      const expired = await this.repository.expireHold(sessionId, this.clock.now(), tx);
      if (expired) await this.events.record(tx, 'session.expired', sessionRef(expired));
      return expired !== undefined;
    });
  }

  /** A reminder is due: `session.reminderDue` when the session is still booked and ahead (Notifications mails both). */
  async remind(sessionId: string, hoursBefore: number): Promise<boolean> {
    const session = await this.repository.findById(sessionId);
    if (!session || session.status !== 'confirmed' || session.startTime <= this.clock.now() || !session.meetingLink) return false;
    await this.events.transaction((tx) => this.events.record(tx, 'session.reminderDue', { ...sessionRef(session), meetingLink: session.meetingLink!, hoursBefore }));
    return true;
  }

  /**
   * Repairs what Redis lost: expires lapsed holds (a guarded update: safe on two workers at once) and queues again the
   * reminders still ahead of the next day's sessions (deterministic ids: one already queued stays one).
   */
  async sweep(): Promise<{ expired: number; remindersChecked: number }> {
    const now = this.clock.now();
    let expired = 0;
    for (const { id } of await this.repository.lapsedHolds(now, SWEEP_BATCH)) if (await this.expireHold(id)) expired++;
    const soon = await this.repository.confirmedUpcoming(now, new Date(now.getTime() + (Math.max(...REMINDER_HOURS_BEFORE) + 1) * 3_600_000), SWEEP_BATCH);
    for (const session of soon) await this.scheduleReminders(session.id, session.startTime);
    return { expired, remindersChecked: soon.length };
  }
}
