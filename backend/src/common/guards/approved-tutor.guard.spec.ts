import { describe, expect, it, jest } from '@jest/globals';
import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import { ApprovedTutorGuard, RequireApproval, TUTOR_NOT_APPROVED_MESSAGE } from './approved-tutor.guard.js';
import type { TutorApprovals, TutorService } from './tutor-approvals.js';

// Layer 1: the guard with the real Reflector and the real decorator; the approval lookup is a fake.
class EssaysController {
  @RequireApproval('essay') pool() {}
  open() {}
}
@RequireApproval('tutoring')
class AvailabilityController {
  update() {}
}

function run(controller: new () => object, method: string, approved: Set<TutorService>, user: { id: string } | null = { id: 'tutor-1' }) {
  const approvals = { isApproved: jest.fn(async (_userId: string, service: TutorService) => approved.has(service)), studyLevel: jest.fn(async () => null) };
  const handler = (controller.prototype as Record<string, () => void>)[method]!;
  const context = {
    getHandler: () => handler,
    getClass: () => controller,
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
  const guard = new ApprovedTutorGuard(new Reflector(), approvals as TutorApprovals);
  return { approvals, result: guard.canActivate(context) };
}

describe('ApprovedTutorGuard / @RequireApproval', () => {
  it('@RequireApproval attaches the guard to the route', () => {
    expect(Reflect.getMetadata(GUARDS_METADATA, EssaysController.prototype.pool)).toEqual([ApprovedTutorGuard]);
  });

  it('lets an approved tutor through', async () => {
    const { result, approvals } = run(EssaysController, 'pool', new Set(['essay']));
    await expect(result).resolves.toBe(true);
    expect(approvals.isApproved).toHaveBeenCalledWith('tutor-1', 'essay');
  });

  it('answers 403 TUTOR_NOT_APPROVED to a tutor approved for the other service only', async () => {
    const { result } = run(EssaysController, 'pool', new Set(['tutoring']));
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenException);
    expect((error as ForbiddenException).getResponse()).toEqual({ code: 'TUTOR_NOT_APPROVED', message: TUTOR_NOT_APPROVED_MESSAGE });
  });

  it('reads the service from the class when the handler has none', async () => {
    const { result, approvals } = run(AvailabilityController, 'update', new Set());
    await expect(result).rejects.toBeInstanceOf(ForbiddenException);
    expect(approvals.isApproved).toHaveBeenCalledWith('tutor-1', 'tutoring');
  });

  it('does nothing, and looks nothing up, on a route without the decorator', async () => {
    const { result, approvals } = run(EssaysController, 'open', new Set());
    await expect(result).resolves.toBe(true);
    expect(approvals.isApproved).not.toHaveBeenCalled();
  });

  it('refuses with 401 when no user is signed in (a route wrongly marked public)', async () => {
    const { result, approvals } = run(EssaysController, 'pool', new Set(['essay']), null);
    await expect(result).rejects.toBeInstanceOf(UnauthorizedException);
    expect(approvals.isApproved).not.toHaveBeenCalled();
  });
});
