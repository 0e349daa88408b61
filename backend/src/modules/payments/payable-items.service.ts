import { Injectable } from '@nestjs/common';
import type { DbOrTx, Transaction } from '../../infra/database/database.types.js';
import type { PaymentRow } from './payments.schema.js';
import type { ErrorCode } from '@redpen/shared/error-codes';

/** The student-side ledger types; the payout type follows from it. */
export type StudentPaymentType = 'student_essay_payment' | 'student_tutoring_payment';
export type TutorPaymentType = 'tutor_essay_payment' | 'tutor_tutoring_payment';

/** What Payments needs to know about a thing a student pays for, as its owning module sees it right now. */
export interface PayableItem {
  id: string;
  studentId: string;
  /** The tutor who is paid out for it (null while nobody holds it). */
  tutorId: string | null;
  /** What the student pays now, in integer pence (GBP): decided by the owning module, never by a request. */
  amountPence: number;
  /** One line for the ledger, the checkout page and the receipt ("Essay review: The causes of WW1 (1,500 words)"). */
  description: string;
  /** Why it cannot be paid for now (null = payable: e.g. an essay accepted and unpaid, a session held and unpaid). */
  notPayableReason: string | null;
  /**
   * A code of the owning module's for `notPayableReason` when the item waits on a step of its own (e.g. an essay's
   * word count to be set, its new price to be confirmed): Payments answers 409 with it instead of 422 PAYMENT_NOT_PAYABLE.
   */
  notPayableCode?: ErrorCode;
  /** Why the tutor cannot be paid out yet (null = eligible, e.g. student accepted or 48 h after completion). */
  payoutBlockedReason: string | null;
  /** Why a refund is refused now (null = refundable: e.g. within 24 h of paying and not completed). */
  refundBlockedReason: string | null;
  /** Free key/value pairs copied into the ledger row (e.g. title, academicLevel). */
  metadata?: Record<string, string>;
}

/**
 * A module's answer for one kind of item (`essay`, `tutoring_session`). Every callback runs inside the
 * transaction that changes the ledger row (`tx`), so the item and the ledger move together or not at all;
 * each is called at most once per ledger row (the ledger's guarded update decides, not the callback).
 */
export interface PayableItemResolver {
  kind: string;
  /** The ledger type of the student's payment; the payout is the matching tutor type. */
  paymentType: StudentPaymentType;
  /** The return pages' segment: `/payment-success/{essay|tutoring}`. */
  returnSegment: 'essay' | 'tutoring';
  /** The item as it is now; `lock` asks for a row lock held until `tx` ends. Undefined when it does not exist. */
  load(id: string, tx: DbOrTx, options?: { lock?: boolean }): Promise<PayableItem | undefined>;
  /**
   * The student's payment completed. Return false when the item can no longer take it (e.g. the hold expired
   * and the slot was released): the payment stays recorded and Payments refunds it in full.
   */
  markPaid(id: string, payment: PaymentRow, tx: Transaction): Promise<boolean>;
  /** The student's payment was refunded (through Payments.refund or the gateway): release the item. */
  markRefunded(id: string, payment: PaymentRow, tx: Transaction): Promise<void>;
  /** The tutor has been paid out (sets `tutor_paid`). */
  markTutorPaid(id: string, payout: PaymentRow, tx: Transaction): Promise<void>;
}

/** The item kinds the spec's routes name. */
export const ITEM_KINDS = { essay: 'essay', tutoringSession: 'tutoring_session' } as const;

export const PAYOUT_TYPE: Record<StudentPaymentType, TutorPaymentType> = {
  student_essay_payment: 'tutor_essay_payment',
  student_tutoring_payment: 'tutor_tutoring_payment',
};

/**
 * The seam between Payments and the modules whose things are paid for (docs/architecture.md "Payments").
 * Payments imports neither Essays nor Tutoring: each registers a resolver for its kind at start-up
 * (`onModuleInit() { payableItems.register(this.resolver) }`), and Payments asks it who pays, how much,
 * whether it is payable, and tells it "paid", "refunded" and "tutor paid".
 */
@Injectable()
export class PayableItems {
  private readonly resolvers = new Map<string, PayableItemResolver>();

  register(resolver: PayableItemResolver): void {
    if (this.resolvers.has(resolver.kind)) throw new Error(`A payable item resolver for "${resolver.kind}" is already registered`);
    this.resolvers.set(resolver.kind, resolver);
  }

  /** The resolver for `kind`, or undefined when no module serves it (yet). */
  find(kind: string): PayableItemResolver | undefined {
    return this.resolvers.get(kind);
  }

  kinds(): string[] {
    return [...this.resolvers.keys()];
  }
}
