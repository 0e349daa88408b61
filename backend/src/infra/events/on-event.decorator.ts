import type { EventName } from './domain-event-registry.js';

/** Metadata key of a domain-event subscriber method (read by DomainEvents through Nest's discovery). */
export const ON_EVENT = Symbol('redpen:on-event');

export interface OnEventOptions {
  /**
   * `afterCommit` (the default): called once the change has committed, in a transaction of its own; a failure is
   * retried by the relay and never undoes the change. `inTransaction`: called inside the transaction that records
   * the event, so its writes commit with the change or not at all, and its failure rolls the change back — for
   * database state that must never disagree with the change (a chat context that grants access), never for
   * anything slow or outside PostgreSQL.
   */
  phase?: 'afterCommit' | 'inTransaction';
}

export interface OnEventMetadata {
  name: EventName;
  phase: 'afterCommit' | 'inTransaction';
}

/**
 * Marks a provider's method as a subscriber of one domain event. The method receives the payload, the event's
 * meta and the transaction its delivery is recorded in (`(payload, { tx, event })`): writes made with `tx`
 * happen exactly once with the delivery; anything else it does (a job, a mail) must be safe to repeat, which
 * deterministic job ids make it (a failed delivery is retried by the relay).
 */
export function OnEvent(name: EventName, options: OnEventOptions = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(ON_EVENT, { name, phase: options.phase ?? 'afterCommit' } satisfies OnEventMetadata, descriptor.value as object);
    return descriptor;
  };
}

export function onEventMetadata(method: unknown): OnEventMetadata | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(ON_EVENT, method) as OnEventMetadata | undefined) : undefined;
}
