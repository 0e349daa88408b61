import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx, Transaction } from '../../infra/database/database.types.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import type { EssayRow } from './essays.schema.js';
import { ITEM_KINDS, PayableItems, type PayableItem, type PayableItemResolver } from '../payments/payable-items.service.js';
import { countAgreementStep, essayWindows, markingDueAt, payoutAvailableAt, refundableUntil, type EssayWindows } from './essay-rules.js';
import { priceNotConfirmedMessage, WORD_COUNT_NOT_SET_MESSAGE } from './essay-errors.js';
import { essayRef } from './essay-timers.service.js';
import { EssaysRepository } from './essays.repository.js';

/**
 * Essays as Payments sees them (the PayableItems port, docs/architecture.md "Payments"): who pays whom, how much
 * (the essay's current price, decided here), and whether it may be paid, paid out or refunded now. The callbacks
 * run inside the ledger's transaction and are guarded updates.
 */
@Injectable()
export class EssayPayables implements OnModuleInit, PayableItemResolver {
  readonly kind = ITEM_KINDS.essay;
  readonly paymentType = 'student_essay_payment' as const;
  readonly returnSegment = 'essay' as const;
  private readonly windows: EssayWindows;

  constructor(
    private readonly payable: PayableItems,
    private readonly essays: EssaysRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.windows = essayWindows(config.windows);
  }

  onModuleInit(): void {
    this.payable.register(this);
  }

  async load(id: string, tx: DbOrTx, options: { lock?: boolean } = {}): Promise<PayableItem | undefined> {
    const essay = await this.essays.findById(id, tx, options);
    if (!essay) return undefined;
    return {
      id: essay.id,
      studentId: essay.studentId,
      tutorId: essay.tutorId,
      amountPence: essay.pricePence,
      description: `Essay review: ${essay.title} (${essay.wordCount.toLocaleString('en-GB')} words)`,
      ...notPayable(essay),
      payoutBlockedReason: this.payoutBlockedReason(essay),
      refundBlockedReason: this.refundBlockedReason(essay),
      metadata: { title: essay.title, academicLevel: essay.academicLevel },
    };
  }

  /**
   * `accepted → paid` in the ledger's transaction, recording `essay.paid` in it (the marking deadline starts, the
   * discussion's expiry is removed): both commit with the payment or not at all.
   */
  async markPaid(id: string, _payment: unknown, tx: Transaction): Promise<boolean> {
    const paidAt = this.clock.now();
    const before = await this.essays.findById(id, tx);
    const paid = await this.essays.markPaid(id, paidAt, tx);
    if (paid && before) {
      await this.events.record(tx, 'essay.paid', {
        ...essayRef(before),
        tutorId: before.tutorId!,
        acceptedAt: before.acceptedAt?.toISOString() ?? null,
        paidAt: paidAt.toISOString(),
        expedited: before.expedited,
        markingDueBy: markingDueAt({ status: 'paid', paidTime: paidAt, expedited: before.expedited, revisionRequestedAt: null }, this.windows)!.toISOString(),
      });
    }
    return paid;
  }

  /** The refund cancels the essay (whoever held it is freed: `essay.cancelled`), in the ledger's transaction. */
  async markRefunded(id: string, _payment: unknown, tx: Transaction): Promise<void> {
    const cancelled = await this.essays.markRefunded(id, this.clock.now(), tx);
    if (cancelled) await this.events.record(tx, 'essay.cancelled', { ...essayRef(cancelled), tutorId: cancelled.tutorId, refunded: true });
  }

  async markTutorPaid(id: string, _payout: unknown, tx: DbOrTx): Promise<void> {
    await this.essays.markTutorPaid(id, this.clock.now(), tx);
  }

  /** Eligible once the student accepted the feedback, or PAYOUT_ELIGIBILITY_SECONDS after the (last) completion. */
  private payoutBlockedReason(essay: EssayRow): string | null {
    if (essay.status !== 'completed' || !essay.completedAt) return 'The essay has not been marked yet';
    // Null once the student accepted (or the tutor was paid: Payments refuses a second payout itself).
    const from = payoutAvailableAt(essay, this.windows);
    return from === null || this.clock.now().getTime() >= from.getTime() ? null : 'The tutor can be paid 48 hours after completion, or once the student accepts';
  }

  private refundBlockedReason(essay: EssayRow): string | null {
    const until = refundableUntil(essay, this.windows);
    if (!until) return 'Only a paid essay that is not yet marked can be refunded';
    return this.clock.now().getTime() <= until.getTime() ? null : 'The 24-hour refund window has closed';
  }
}

/** Why the essay cannot be paid now, with the code of a step the student waits on or takes (409, not 422). */
function notPayable(essay: EssayRow): Pick<PayableItem, 'notPayableReason' | 'notPayableCode'> {
  if (essay.status !== 'accepted') return { notPayableReason: notAcceptedReason(essay) };
  switch (countAgreementStep(essay)) {
    case 'word-count-not-set':
      return { notPayableReason: WORD_COUNT_NOT_SET_MESSAGE, notPayableCode: 'WORD_COUNT_NOT_SET' };
    case 'price-not-confirmed':
      return { notPayableReason: priceNotConfirmedMessage(essay), notPayableCode: 'PRICE_NOT_CONFIRMED' };
    default:
      return { notPayableReason: null };
  }
}

function notAcceptedReason(essay: EssayRow): string {
  switch (essay.status) {
    case 'awaiting_confirmation':
    case 'open':
      return 'A tutor must accept this essay before it can be paid for';
    case 'cancelled':
      return 'This essay was cancelled';
    default:
      return 'This essay has already been paid for';
  }
}
