import { Injectable } from '@nestjs/common';
import { OnJob } from '../queue/on-job.decorator.js';
import { DomainEvents } from './domain-events.service.js';
import { EVENTS_QUEUE } from './events.jobs.js';

/** `maintenance.relay-events` (repeatable, events.jobs.ts): the outbox's relay. */
@Injectable()
export class EventRelayHandler {
  constructor(private readonly events: DomainEvents) {}

  @OnJob({ name: 'maintenance.relay-events', queue: EVENTS_QUEUE })
  async relay(): Promise<{ dispatched: number; failed: number; purged: number }> {
    return this.events.relay();
  }
}
