import type { EventName } from './domain-event-registry.js';

/** Metadata key of a domain-event subscriber method (read by DomainEvents through Nest's discovery). */
export const ON_EVENT = Symbol('redpen:on-event');

/**
 * Marks a provider's method as a subscriber of one domain event. The method receives the payload, the event's
 * meta and the transaction its delivery is recorded in (`(payload, { tx, event })`): writes made with `tx`
 * happen exactly once with the delivery; anything else it does (a job, a mail) must be safe to repeat, which
 * deterministic job ids make it (a failed delivery is retried by the relay).
 */
export function OnEvent(name: EventName): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(ON_EVENT, name, descriptor.value as object);
    return descriptor;
  };
}

export function onEventName(method: unknown): EventName | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(ON_EVENT, method) as EventName | undefined) : undefined;
}
