import type { Caller } from '../../common/access.js';
import type { PaymentRow } from './payments.schema.js';
import type { PayableItem } from './payable-items.service.js';

/**
 * Who may pay for, be paid for, or look at what in the ledger (docs/architecture.md "Access policies and admin
 * slices"). Pure functions of the caller and the row; every refusal is answered "not found" (404 `NOT_FOUND` for an
 * item, `PAYMENT_NOT_FOUND` for a ledger row): nobody learns that someone else's item or payment exists. The
 * admins' routes are guarded by role alone (`payments.admin.controller.ts`).
 */

/** The item's own student opens (or reuses) its checkout: an essay or a session of theirs, whoever holds it. */
export function canPay<I extends Pick<PayableItem, 'studentId'>>(student: Caller, item: I | undefined): item is I {
  return item !== undefined && item.studentId === student.id;
}

/** The browser's return from a checkout (`updatePaymentStatus`): only the student who paid, by the session id. */
export function canReadCheckout<P extends Pick<PaymentRow, 'payerId'>>(student: Caller, payment: P | undefined): payment is P {
  return payment !== undefined && payment.payerId === student.id;
}

/** A payout is asked for by the tutor the item names (the one who did the work), never by another. */
export function canRequestPayout<I extends Pick<PayableItem, 'tutorId'>>(tutor: Caller, item: I | undefined): item is I {
  return item !== undefined && item.tutorId === tutor.id;
}

/** A payout (the platform paying a tutor) as its tutor may see it; a student's charge is never a tutor's to read. */
export function canReadPayout<P extends Pick<PaymentRow, 'recipientId' | 'payerType'>>(tutor: Caller, payment: P | undefined): payment is P {
  return payment !== undefined && payment.payerType === 'platform' && payment.recipientId === tutor.id;
}
