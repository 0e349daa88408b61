import { ConflictException, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { formatPounds } from '@redpen/shared/pricing';

/** Every essay route's answer for an essay that does not exist or is not the caller's: the two are never told apart. */
export const ESSAY_NOT_FOUND = 'Essay not found';

export function essayNotFound(): NotFoundException {
  return new NotFoundException(coded('NOT_FOUND', ESSAY_NOT_FOUND));
}

/** 409 `SELF_DEALING`: a user holding both profiles names their own essay as its tutor. */
export function selfDealing(message = 'You cannot review your own essay.'): ConflictException {
  return new ConflictException(coded('SELF_DEALING', message));
}

/** An essay whose count is the student's estimate (or none) waits for its tutor to set it (409 `WORD_COUNT_NOT_SET`). */
export const WORD_COUNT_NOT_SET_MESSAGE =
  'Your tutor has not set the word count yet: it is not read from your file, so your tutor sets it in the discussion before you pay.';

/** The tutor set the count: the student confirms the price it gives before paying (409 `PRICE_NOT_CONFIRMED`). */
export function priceNotConfirmedMessage(essay: { wordCount: number; pricePence: number }): string {
  return `Your tutor set the word count to ${essay.wordCount.toLocaleString('en-GB')} words, so the price is now ${formatPounds(essay.pricePence)}. Please confirm the new price before you pay.`;
}

export function wordCountNotSet(): ConflictException {
  return new ConflictException(coded('WORD_COUNT_NOT_SET', WORD_COUNT_NOT_SET_MESSAGE));
}
