import { ConflictException, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';

/** Every essay route's answer for an essay that does not exist or is not the caller's: the two are never told apart. */
export const ESSAY_NOT_FOUND = 'Essay not found';

export function essayNotFound(): NotFoundException {
  return new NotFoundException(coded('NOT_FOUND', ESSAY_NOT_FOUND));
}

/** 409 `SELF_DEALING` (DESIGN.md §9, issue 27): a user holding both profiles names their own essay as its tutor. */
export function selfDealing(message = 'You cannot review your own essay.'): ConflictException {
  return new ConflictException(coded('SELF_DEALING', message));
}
