import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEvents } from './domain-events.service.js';
import { EventOutboxRepository } from './event-outbox.repository.js';
import { EventRelayHandler } from './event-relay.handler.js';
import { OutboxLagMetric } from './outbox-lag.metric.js';

/** Domain events (the outbox, dispatch to `@OnEvent` subscribers, the relay): available to every module. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [EventOutboxRepository, DomainEvents, EventRelayHandler, OutboxLagMetric], exports: [DomainEvents] })
export class EventsModule {}
