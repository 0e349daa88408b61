import { NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';

/** Every essay route's answer for an essay that does not exist or is not the caller's: the two are never told apart. */
export const ESSAY_NOT_FOUND = 'Essay not found';

export function essayNotFound(): NotFoundException {
  return new NotFoundException(coded('NOT_FOUND', ESSAY_NOT_FOUND));
}
