import type { DiscoveryService, MetadataScanner } from '@nestjs/core';

/** A provider's method carrying a decorator's metadata, bound to its instance. */
export interface DecoratedMethod<M> {
  metadata: M;
  /** `Class.method`, for messages and stable names. */
  label: string;
  call: (...args: unknown[]) => Promise<unknown>;
}

/**
 * Every method of every settled singleton provider of the application whose metadata `read` finds (`@OnJob`,
 * `@OnEvent`): how infra finds the modules' handlers without naming a module. Class providers only (values and
 * factories carry no decorators); a request-scoped provider has no instance to call.
 */
export function decoratedMethods<M>(discovery: DiscoveryService, scanner: MetadataScanner, read: (method: unknown) => M | undefined): DecoratedMethod<M>[] {
  const found: DecoratedMethod<M>[] = [];
  for (const wrapper of discovery.getProviders()) {
    const instance: unknown = wrapper.instance;
    if (!wrapper.metatype || wrapper.inject || !wrapper.isDependencyTreeStatic()) continue;
    if (!instance || typeof instance !== 'object') continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const method of scanner.getAllMethodNames(prototype)) {
      const fn = (instance as Record<string, unknown>)[method];
      const metadata = read(fn);
      if (metadata === undefined) continue;
      found.push({ metadata, label: `${instance.constructor.name}.${method}`, call: (...args) => (fn as (...a: unknown[]) => Promise<unknown>).apply(instance, args) });
    }
  }
  return found;
}
