/**
 * Stable, machine-readable error codes. An error body may carry one beside its
 * `message`; clients branch on the code, never on the message text, which may be reworded.
 * Both sides import it as `@redpen/shared/error-codes`. Add a code only for an error a client acts on.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_BANNED',
  'RATE_LIMITED',
  'SERVICE_BUSY',
  'CODE_INVALID',
  'CODE_ATTEMPTS_EXCEEDED',
  'RESET_TOKEN_INVALID',
  'TUTOR_NOT_APPROVED',
  'ONBOARDING_ALREADY_SUBMITTED',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_TYPE_NOT_ALLOWED',
  'UPLOAD_FIELD_NOT_ALLOWED',
  'UPLOAD_TIMEOUT',
  'ESSAY_ALREADY_ACCEPTED',
  'ESSAY_FILE_UNREADABLE',
  'ESSAY_NOT_EDITABLE',
  'ESSAY_NOT_MARKABLE',
  'ESSAY_ALREADY_RATED',
  'ESSAY_NOT_RATEABLE',
  /** The essay's count is the student's estimate (or none): it is paid once the accepting tutor has set the count. */
  'WORD_COUNT_NOT_SET',
  /** The tutor set the count of an estimated essay: the student confirms the price it gives before paying. */
  'PRICE_NOT_CONFIRMED',
  'TWO_FACTOR_REQUIRED',
  'SIGN_IN_LINK_INVALID',
  /** The sign-in link was cancelled by a revocation of its user's sessions, or its session has ended: ask for a new one. */
  'SIGN_IN_LINK_REVOKED',
  'CHAT_NOT_A_CONTACT',
  'CHAT_BLOCKED',
  'CHAT_DBS_REQUIRED',
  'PAYMENT_NOT_PAYABLE',
  'PAYMENT_ALREADY_PAID',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_NOT_FOUND',
  'PAYMENTS_UNAVAILABLE',
  'PAYOUT_NOT_ELIGIBLE',
  'REFUND_NOT_ALLOWED',
  'WEBHOOK_SIGNATURE_INVALID',
  'TUTORING_PROFILE_LOCKED',
  'DBS_ALREADY_VERIFIED',
  'TUTOR_NOT_BOOKABLE',
  'SLOT_NOT_AVAILABLE',
  'SLOT_TAKEN',
  'SESSION_NOT_CANCELLABLE',
  'SESSION_ALREADY_RATED',
  'SESSION_NOT_RATEABLE',
  /** The student already has MAX_LIVE_HOLDS_PER_STUDENT unpaid bookings: pay for one or cancel it first. */
  'TOO_MANY_HOLDS',
  /** The student already has an unpaid booking with this tutor (MAX_LIVE_HOLDS_PER_TUTOR). */
  'HOLD_WITH_TUTOR_EXISTS',
  // The admin area.
  'DBS_CERTIFICATE_REQUIRED',
  'CANNOT_BAN_ADMIN',
  'NOTHING_TO_REVIEW',
  /** The tutor changed what waits for review after the admin loaded it: the approval names a value no longer pending. */
  'CHANGE_SUPERSEDED',
  // Trust and safety.
  /** A user holding both profiles acts on their own essay or books themselves (docs/decisions.md "Nobody deals with themselves"). */
  'SELF_DEALING',
  /** The essay is being refunded: it can no longer be marked. */
  'ESSAY_REFUNDING',
  /** A chat message names an essay whose conversation closed (returned to the pool, cancelled or refunded). */
  'CHAT_ESSAY_CLOSED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
