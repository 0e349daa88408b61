import { HttpException, HttpStatus } from '@nestjs/common';

/** One field's problem, as the API returns it in `errors`. */
export interface FieldError {
  field: string;
  message: string;
}

/** The body of every error response (DESIGN.md §2). */
export interface ErrorBody {
  message: string;
  errors?: FieldError[];
}

/** 400 with per-field messages; the first field's message is the headline, as the spec's forms show one line. */
export class ValidationFailedException extends HttpException {
  constructor(readonly fieldErrors: FieldError[]) {
    super({ message: fieldErrors[0]?.message ?? 'Invalid request', errors: fieldErrors }, HttpStatus.BAD_REQUEST);
  }
}

/** 422: the request is well formed but breaks a business rule (e.g. a word count outside the ±10 % band). */
export class RuleViolationException extends HttpException {
  constructor(message: string) {
    super({ message }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
