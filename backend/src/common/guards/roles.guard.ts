import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../decorators/public.decorator.js';
import { ROLES, type Role } from '../decorators/roles.decorator.js';
import { holdsRole, type AuthenticatedUser } from './authenticated-user.js';

/** Second global guard: `@Roles(...)` routes need a user holding one of the roles (see `holdsRole`). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    if (user && roles.some((role) => holdsRole(user, role))) return true;
    throw new ForbiddenException('You do not have access to this resource.');
  }
}
