import { applyDecorators, CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata, UnauthorizedException, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { coded } from '../errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { TutorApprovals, type TutorService } from './tutor-approvals.js';

export const REQUIRED_APPROVAL = 'requiredApproval';
export const TUTOR_NOT_APPROVED_MESSAGE = 'Tutor is not approved yet.';

/**
 * 403 `TUTOR_NOT_APPROVED` unless the signed-in tutor is approved for `service` (read from the database on
 * each request, so an approval or its withdrawal counts at once). Route-scoped, not global: only the routes
 * that ask pay for the lookup. Runs after the global guards, so pair it with `@Roles('tutor')`:
 *
 *   @Roles('tutor') @RequireApproval('essay') @Get('pool') pool() { … }
 *
 * The controller's module must import TutorsModule (it provides TutorApprovals).
 */
export const RequireApproval = (service: TutorService) => applyDecorators(SetMetadata(REQUIRED_APPROVAL, service), UseGuards(ApprovedTutorGuard));

@Injectable()
export class ApprovedTutorGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly approvals: TutorApprovals,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const service = this.reflector.getAllAndOverride<TutorService | undefined>(REQUIRED_APPROVAL, [context.getHandler(), context.getClass()]);
    if (!service) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>().user;
    // Only reachable on a route marked @Public() by mistake: refuse rather than guess.
    if (!user) throw new UnauthorizedException(coded('UNAUTHENTICATED', 'Please sign in to continue.'));
    if (await this.approvals.isApproved(user.id, service)) return true;
    throw new ForbiddenException(coded('TUTOR_NOT_APPROVED', TUTOR_NOT_APPROVED_MESSAGE));
  }
}
