import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { EssayTimers } from './essay-timers.service.js';

type Payload<N extends keyof DomainEventPayloads> = DomainEventPayloads[N];

/**
 * The essay's clocks follow its events: each transition schedules the job that ends its window and removes the one
 * it made pointless, under deterministic ids (a replayed event schedules nothing twice). Redis being down is logged
 * by EssayTimers and repaired by the sweeper.
 */
@Injectable()
export class EssayTimersSubscriber {
  constructor(private readonly timers: EssayTimers) {}

  @OnEvent('essay.accepted')
  async startDiscussion(event: Payload<'essay.accepted'>): Promise<void> {
    await this.timers.scheduleDiscussionExpiry(event.essayId, new Date(event.acceptedAt));
  }

  @OnEvent('essay.returnedToPool')
  async endDiscussion(event: Payload<'essay.returnedToPool'>): Promise<void> {
    // An expiry is that very job (running now); a cancellation or a ban leaves it waiting.
    if (event.reason !== 'expired') await this.timers.cancelDiscussionExpiry(event.essayId, new Date(event.acceptedAt));
  }

  @OnEvent('essay.paid')
  async startMarking(event: Payload<'essay.paid'>): Promise<void> {
    await this.timers.scheduleMarkingDeadline(event.essayId, new Date(event.paidAt), event.expedited);
    if (event.acceptedAt) await this.timers.cancelDiscussionExpiry(event.essayId, new Date(event.acceptedAt));
  }

  @OnEvent('essay.completed')
  async startCompletionClocks(event: Payload<'essay.completed'>): Promise<void> {
    await this.timers.scheduleCompletionTimers(event.essayId, new Date(event.completedAt));
  }

  @OnEvent('essay.revisionRequested')
  async startRevision(event: Payload<'essay.revisionRequested'>): Promise<void> {
    await this.timers.scheduleRevisionDue(event.essayId, new Date(event.requestedAt));
  }
}
