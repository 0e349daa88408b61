import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { TutoringTimers } from './tutoring-timers.service.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];

/** A session's clocks follow its events, under deterministic job ids (a replayed event schedules nothing twice). */
@Injectable()
export class TutoringTimersSubscriber {
  constructor(private readonly timers: TutoringTimers) {}

  @OnEvent('session.held')
  async startHold(event: Payload<'session.held'>): Promise<void> {
    await this.timers.scheduleHoldExpiry(event.sessionId, new Date(event.holdExpiresAt));
  }

  @OnEvent('session.confirmed')
  async startReminders(event: Payload<'session.confirmed'>): Promise<void> {
    await this.timers.cancelHoldExpiry(event.sessionId);
    await this.timers.scheduleReminders(event.sessionId, new Date(event.startTime));
    await this.timers.scheduleCompletion(event.sessionId, new Date(event.endTime));
  }

  @OnEvent('session.cancelled')
  async stopReminders(event: Payload<'session.cancelled'>): Promise<void> {
    await this.timers.cancelReminders(event.sessionId, new Date(event.startTime));
    await this.timers.cancelCompletion(event.sessionId, new Date(event.endTime));
  }
}
