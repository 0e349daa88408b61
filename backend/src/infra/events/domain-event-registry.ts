/**
 * The names and payloads of every domain event (docs/architecture.md "Domain events"), as the modules contribute
 * them from their own `<module>.events.ts` by declaration merging:
 *
 *   declare module '../../infra/events/domain-event-registry.js' {
 *     interface DomainEventPayloads { 'essay.accepted': { essayId: string; … } }
 *   }
 *
 * Payloads are stored as JSON in the outbox: plain values only, times as ISO strings.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, module by module
export interface DomainEventPayloads {}
export type EventName = keyof DomainEventPayloads & string;

/** What a subscriber is told besides the payload. */
export interface EventMeta {
  /** The outbox row's id: stable across replays (a subscriber may build job ids from it). */
  id: string;
  name: EventName;
  occurredAt: Date;
}
