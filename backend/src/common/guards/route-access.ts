import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../decorators/public.decorator.js';
import { ROLES, type Role } from '../decorators/roles.decorator.js';

/** What the global guards need to know about a route, read from its decorators. */
export interface RouteAccess {
  isPublic: boolean;
  roles: readonly Role[];
}

// Decorator metadata is fixed once the app has booted, so it is read once per handler, not on every request:
// the lookups walked the prototype chain three times per request across the two guards. Keyed by class, then
// handler: an inherited handler may sit under a class with other class-level decorators.
const cache = new WeakMap<object, WeakMap<object, RouteAccess>>();

export function routeAccess(reflector: Reflector, context: ExecutionContext): RouteAccess {
  const handler = context.getHandler();
  const controller = context.getClass();
  let perClass = cache.get(controller);
  if (!perClass) cache.set(controller, (perClass = new WeakMap()));
  let access = perClass.get(handler);
  if (!access) {
    const targets = [handler, controller];
    access = {
      isPublic: reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) === true,
      roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets) ?? [],
    };
    perClass.set(handler, access);
  }
  return access;
}
