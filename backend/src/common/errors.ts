import { HttpException, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import type { ErrorCode } from '@redpen/shared/error-codes';

/** One field's problem, as the API returns it in `errors`. */
export interface FieldError {
  field: string;
  message: string;
}

/** The body of every error response. */
export interface ErrorBody {
  message: string;
  /** Stable machine-readable code (shared/error-codes.ts) for errors a client acts on. */
  code?: ErrorCode;
  errors?: FieldError[];
}

/**
 * The body of an error with a stable `code`, for Nest's own exception classes (so `instanceof
 * ForbiddenException` still holds): `throw new ForbiddenException(coded('TUTOR_NOT_APPROVED', 'Tutor is not approved yet.'))`.
 * The exception filter copies `code` into the response.
 */
export function coded(code: ErrorCode, message: string): { message: string; code: ErrorCode } {
  return { message, code };
}

/** The 503 message when a shared resource of the server (Redis, the hashing queue) is unavailable. */
export const TRY_AGAIN_SHORTLY = 'Service temporarily unavailable. Please try again shortly.';

/**
 * 503 `SERVICE_BUSY`: the server could not take the request now and did nothing with it, so it may be sent again;
 * `retryAfterSeconds` becomes the Retry-After header (the exception filter).
 */
export function serviceBusy(message: string, retryAfterSeconds?: number): ServiceUnavailableException {
  return new ServiceUnavailableException({ ...coded('SERVICE_BUSY', message), ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) });
}

/**
 * Set (true) in an exception's body when the request's body was left unread (a client too slow to upload): the
 * exception filter answers with `Connection: close`, so the connection ends after the answer. Never sent.
 */
export const CLOSE_CONNECTION = 'closeConnection';

/** 400 with per-field messages; the first field's message is the headline, as the spec's forms show one line. */
export class ValidationFailedException extends HttpException {
  constructor(readonly fieldErrors: FieldError[]) {
    super({ message: fieldErrors[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', errors: fieldErrors }, HttpStatus.BAD_REQUEST);
  }
}

/** 422: the request is well formed but breaks a business rule (e.g. a word count outside the ±10 % band). */
export class RuleViolationException extends HttpException {
  constructor(message: string) {
    super({ message }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
