import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { holdsRole, type AuthenticatedUser } from './authenticated-user.js';
import { coded } from '../errors.js';
import { routeAccess } from './route-access.js';

/** Second global guard: `@Roles(...)` routes need a user holding one of the roles (see `holdsRole`). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { isPublic, roles } = routeAccess(this.reflector, context);
    if (isPublic || !roles.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (user && roles.some((role) => holdsRole(user, role))) return true;
    throw new ForbiddenException(coded('FORBIDDEN', 'You do not have access to this resource.'));
  }
}
