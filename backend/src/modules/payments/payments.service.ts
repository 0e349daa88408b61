import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { coded } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx, Transaction } from '../../infra/database/database.types.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import type { PaymentRow } from './payments.schema.js';
import { splitCommission } from '@redpen/shared/pricing';
import { PAYOUT_TYPE, PayableItems, type PayableItemResolver } from './payable-items.service.js';
import { localGatewayActive, PAYMENT_GATEWAY, type CheckoutState, type PaymentGateway } from './payment-gateway.js';
import { isSelfHeld } from '../../common/access.js';
import { canPay, canReadCheckout, canReadPayout, canRequestPayout } from './payments.access.js';
import { PaymentsRepository } from './payments.repository.js';
import { PayoutAccounts } from './payout-accounts.service.js';

/** A checkout pending this long is settled from the gateway by the sweeper (Stripe's own expire after 24 h). */
export const STALE_CHECKOUT_MS = 60 * 60 * 1000;

/** Labels for the "not found" answers of the two item kinds the spec's routes name. */
const ITEM_LABEL: Record<string, string> = { essay: 'Essay', tutoring_session: 'Tutoring session' };

/** An item that does not exist, or is not the caller's: the same answer. */
function itemNotFound(kind: string): NotFoundException {
  return new NotFoundException(coded('NOT_FOUND', `${ITEM_LABEL[kind] ?? 'Item'} not found`));
}

/**
 * Payments' rules: checkouts, their completion (one internal path for the Stripe
 * webhook, the browser's return and the local gateway), refunds and tutor payouts. The ledger row's guarded
 * state changes decide what happens once; the item's module is told through the PayableItems port in the same
 * transaction; receipts are queued after commit.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly items: PayableItems,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly accounts: PayoutAccounts,
  ) {}

  get gatewayName(): PaymentGateway['name'] {
    return this.gateway.name;
  }

  private resolver(kind: string): PayableItemResolver {
    const resolver = this.items.find(kind);
    if (!resolver) throw itemNotFound(kind);
    return resolver;
  }

  private assertAvailable(): void {
    // The local gateway completes a checkout with one click: never in production (docs/decisions.md).
    if (this.gateway.name === 'local' && !localGatewayActive(this.gateway, this.config.nodeEnv)) {
      throw new ServiceUnavailableException(coded('PAYMENTS_UNAVAILABLE', 'Payments are not available at the moment. Please try again later.'));
    }
  }

  // ── Student checkout ─────────────────────────────────────────────────────────────────────────────────

  /**
   * The checkout URL for the student's item: one live checkout per item (the ledger's partial unique index and
   * a row lock), so concurrent calls get the same URL and at most one payment is taken. The amount is the item's.
   */
  async checkoutUrl(student: { id: string; email: string }, kind: string, itemId: string): Promise<string> {
    this.assertAvailable();
    const resolver = this.resolver(kind);
    const alreadyPaid = () => new ConflictException(coded('PAYMENT_ALREADY_PAID', 'This has already been paid for'));
    // Reusing a checkout: ask the gateway about it BEFORE taking the item's row lock. The question is a network call
    // (Stripe) or a read of its own (the local gateway); made under the lock, concurrent calls queued on the lock
    // would hold every pooled connection while the one holding it waited for another (found by 20 racing calls).
    const open = await this.repository.findLiveCharge(kind, itemId);
    const asked =
      open?.status === 'pending' && open.stripeSessionId && open.payerId === student.id
        ? { sessionId: open.stripeSessionId, state: await this.gateway.retrieveCheckout(open.stripeSessionId) }
        : undefined;
    const outcome = await this.events.transaction(async (tx): Promise<{ url: string } | { paid: true }> => {
      const item = await resolver.load(itemId, tx, { lock: true });
      if (!canPay(student, item)) throw itemNotFound(kind);
      let payment = await this.repository.findLiveCharge(kind, itemId, tx, true);
      // A checkout opened since we asked (by a concurrent call) is fresh: it is reused as it is.
      if (payment?.status === 'pending' && payment.stripeSessionId && asked?.sessionId === payment.stripeSessionId) {
        // Paid without our hearing of it → settle it now (the webhook will find it done); expired or unknown to
        // the gateway → a dead link, so fail it and start afresh.
        const state = asked.state;
        if (state?.status === 'complete' && state.paymentStatus === 'paid') {
          await this.applyCheckoutState(state, { source: `${this.gateway.name}:checkout` }, tx);
          return { paid: true };
        }
        if (state?.status === 'expired' || !state) {
          const failed = await this.repository.failCharge(payment.stripeSessionId, { at: this.clock.now(), reason: 'checkout_expired' }, tx);
          if (failed) await this.repository.recordStatusChange({ paymentId: failed.id, changedBy: null, source: `${this.gateway.name}:checkout`, fromStatus: 'pending', toStatus: 'failed', notes: 'checkout_expired' }, tx);
          payment = undefined;
        }
      }
      if (payment?.status === 'completed') return { paid: true };
      if (item.notPayableReason && item.notPayableCode) throw new ConflictException(coded(item.notPayableCode, item.notPayableReason));
      if (item.notPayableReason) throw new UnprocessableEntityException(coded('PAYMENT_NOT_PAYABLE', item.notPayableReason));
      if (!payment) {
        const split = splitCommission(item.amountPence, this.config.payments.platformCommissionPercent);
        const inserted = await this.repository.insertCharge(
          {
            type: resolver.paymentType,
            status: 'pending',
            payerId: item.studentId,
            payerType: 'student',
            recipientId: null,
            recipientType: 'platform',
            amountPence: item.amountPence,
            currency: 'GBP',
            ...split,
            description: item.description,
            paymentMethod: this.gateway.method,
            itemKind: kind,
            itemId,
            metadata: { ...item.metadata, ...(item.tutorId ? { tutorId: item.tutorId } : {}) },
          },
          tx,
        );
        if (inserted) await this.repository.recordStatusChange({ paymentId: inserted.id, changedBy: student.id, source: 'checkout', fromStatus: null, toStatus: 'pending' }, tx);
        // Lost the race to a concurrent call: its row, committed by now (the insert waited for it).
        payment = inserted ?? (await this.repository.findLiveCharge(kind, itemId, tx, true));
        if (!payment || payment.status === 'completed') return { paid: true };
      }
      if (payment.checkoutUrl) return { url: payment.checkoutUrl };
      const web = this.config.webOrigin.replace(/\/$/, '');
      const session = await this.gateway.createCheckout({
        paymentId: payment.id,
        amountPence: payment.amountPence,
        description: payment.description,
        customerEmail: student.email,
        successUrl: `${web}/payment-success/${resolver.returnSegment}?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${web}/payment-failed/${resolver.returnSegment}`,
        metadata: { itemKind: kind, itemId },
      });
      await this.repository.setCheckout(payment.id, session.id, session.url, tx);
      return { url: session.url };
    });
    if ('paid' in outcome) throw alreadyPaid();
    return outcome.url;
  }

  /**
   * Whether the student has a checkout open for the item (a pending charge): its amount is fixed, so the owning
   * module must not reprice the item meanwhile. Call it inside the transaction that holds the item's row lock
   * (`checkoutUrl` takes the same lock), so a checkout cannot open between the question and the change.
   */
  async hasOpenCheckout(kind: string, itemId: string, tx: DbOrTx): Promise<boolean> {
    return (await this.repository.findLiveCharge(kind, itemId, tx))?.status === 'pending';
  }

  /**
   * Whether the item's payment is being refunded (claimed, the gateway asked, not yet settled): its module refuses
   * a state change the refund would undo (an essay is not marked while it is refunded). Asked with the
   * item's row lock held, the lock `refundPayment` takes before claiming, so the two never both go through.
   */
  async refundInProgress(kind: string, itemId: string, tx: DbOrTx): Promise<boolean> {
    const charge = await this.repository.findCompletedCharge(kind, itemId, tx);
    return charge !== undefined && charge.refundRequestedAt !== null;
  }

  /** The tutor's paid-out earnings in pence (completed payouts in the ledger). */
  async tutorEarningsPence(tutorId: string): Promise<number> {
    return this.repository.paidOutToTutor(tutorId);
  }

  /**
   * The browser's return (`updatePaymentStatus`): answered from the gateway, never from the request body. When
   * the gateway says paid, the same completion path as the webhook runs (once, whichever comes first).
   */
  async checkoutStatus(studentId: string, sessionId: string): Promise<PaymentRow> {
    const row = await this.repository.findBySessionId(sessionId);
    if (!canReadCheckout({ id: studentId }, row)) throw new NotFoundException(coded('PAYMENT_NOT_FOUND', PAYMENT_SESSION_NOT_FOUND));
    if (row.status === 'pending') {
      const state = await this.gateway.retrieveCheckout(sessionId);
      if (state) await this.settleCheckout(state, { source: `${this.gateway.name}:return` });
    }
    return (await this.repository.findById(row.id))!;
  }

  /**
   * Applies a checkout's state as the gateway reports it, once. With `event`, the event id is recorded in the
   * same transaction (a repeated event changes nothing). Returns false when the event had been applied before.
   */
  async settleCheckout(state: CheckoutState, options: { source: string; event?: { id: string; type: string }; failIfUnpaid?: boolean; declined?: boolean }): Promise<boolean> {
    const applied = await this.events.transaction(async (tx) => {
      if (options.event && !(await this.repository.recordEvent(options.event.id, options.event.type, tx))) return false;
      await this.applyCheckoutState(state, options, tx);
      return true;
    });
    return applied;
  }

  private async applyCheckoutState(state: CheckoutState, options: { source: string; failIfUnpaid?: boolean; declined?: boolean }, tx: Transaction): Promise<void> {
    const row = await this.repository.findBySessionId(state.id, tx);
    if (!row) return; // Not one of ours (another integration on the same Stripe account).
    const now = this.clock.now();
    if (state.paymentStatus === 'paid' && state.status === 'complete') {
      // The amount was set by the server; a checkout that took anything else is never fulfilled.
      if (state.amountTotal !== row.amountPence || (state.currency ?? '').toLowerCase() !== 'gbp') {
        this.logger.error(`Checkout ${state.id} paid ${state.amountTotal} ${state.currency} for ledger row ${row.id} of ${row.amountPence} GBP: not fulfilled`);
        return;
      }
      const completed = await this.repository.completeCharge(state.id, { paidAt: now, paymentIntentId: state.paymentIntentId }, tx);
      if (!completed) return;
      await this.repository.recordStatusChange({ paymentId: completed.id, changedBy: null, source: options.source, fromStatus: 'pending', toStatus: 'completed' }, tx);
      await this.recordReceipt('payment.completed', completed, tx);
      const resolver = this.items.find(completed.itemKind);
      const taken = resolver ? await resolver.markPaid(completed.itemId, completed, tx) : false;
      if (!taken) await this.events.record(tx, 'payment.unclaimed', { paymentId: completed.id });
      return;
    }
    if (state.status === 'expired' || options.failIfUnpaid || options.declined) {
      const reason = options.declined ? 'card_declined' : state.status === 'expired' ? 'checkout_expired' : 'payment_failed';
      const failed = await this.repository.failCharge(state.id, { at: now, reason }, tx);
      if (failed) await this.repository.recordStatusChange({ paymentId: failed.id, changedBy: null, source: options.source, fromStatus: 'pending', toStatus: 'failed', notes: reason }, tx);
    }
  }

  /**
   * Settles checkouts pending for over STALE_CHECKOUT_MS from the gateway's own state (the sweeper's job): a lost
   * webhook or a closed tab never leaves a row pending for good. Safe to run twice, or on two workers at once.
   */
  async settleStaleCheckouts(limit = 100): Promise<{ checked: number }> {
    const stale = await this.repository.findStalePending(new Date(this.clock.now().getTime() - STALE_CHECKOUT_MS), limit);
    for (const row of stale) {
      const state = await this.gateway.retrieveCheckout(row.stripeSessionId!);
      await this.settleCheckout(state ?? { id: row.stripeSessionId!, status: 'expired', paymentStatus: 'unpaid', amountTotal: null, currency: null, paymentIntentId: null }, {
        source: `${this.gateway.name}:sweep`,
      });
      await this.repository.touchPending(row.id, this.clock.now());
    }
    return { checked: stale.length };
  }

  /** A refund made at the gateway (Stripe's `charge.refunded`), applied once with its event id. */
  async settleGatewayRefund(input: { paymentIntentId: string; amountRefunded: number; fully: boolean }, event: { id: string; type: string }): Promise<void> {
    await this.events.transaction(async (tx) => {
      if (!(await this.repository.recordEvent(event.id, event.type, tx))) return;
      const row = await this.repository.findByPaymentIntent(input.paymentIntentId, tx);
      if (!row) return;
      const now = this.clock.now();
      if (input.fully || input.amountRefunded >= row.amountPence) {
        const refunded = await this.repository.markRefunded(row.id, { at: now, reference: null }, tx);
        if (!refunded) return;
        await this.repository.recordStatusChange({ paymentId: row.id, changedBy: null, source: 'stripe:charge.refunded', fromStatus: 'completed', toStatus: 'refunded' }, tx);
        await this.items.find(row.itemKind)?.markRefunded(row.itemId, refunded, tx);
        await this.recordReceipt('payment.refunded', refunded, tx);
      } else {
        await this.repository.recordPartialRefund(row.id, input.amountRefunded, now, tx);
      }
    });
  }

  // ── Refunds ──────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Refunds the item's completed payment in full (the spec's promise): the item's module says
   * whether its window is still open; the ledger's claim makes it happen once, whoever asks and however often.
   */
  async refundItem(kind: string, itemId: string, options: { requestedBy: string | null; reason: string; /** A ban's refund: the item's own window does not apply. */ whateverTheWindow?: boolean }): Promise<PaymentRow> {
    this.resolver(kind); // an unknown kind is 404 before anything is read
    const charge = await this.repository.findCompletedCharge(kind, itemId);
    if (!charge) throw new ConflictException(coded('REFUND_NOT_ALLOWED', 'There is no completed payment to refund'));
    return this.refundPayment(charge.id, { ...options, checkItem: !options.whateverTheWindow });
  }

  /**
   * Refunds one completed ledger row in full through the gateway, once. The claim is made holding the item's row
   * lock (its module's state changes take the same lock), after the item says it may still be refunded
   * (`checkItem`): a state change either went first, and the refund is refused, or sees the refund in progress
   * (`refundInProgress`) and is refused itself (a paid essay is never both refunded and marked). The
   * gateway is called after that commit, with no lock held.
   */
  async refundPayment(paymentId: string, options: { requestedBy: string | null; reason: string; checkItem?: boolean }): Promise<PaymentRow> {
    const claimed = await this.events.transaction(async (tx) => {
      const payment = await this.repository.findById(paymentId, tx);
      const resolver = payment ? this.items.find(payment.itemKind) : undefined;
      const item = payment && resolver ? await resolver.load(payment.itemId, tx, { lock: true }) : undefined;
      if (options.checkItem && item?.refundBlockedReason) throw new UnprocessableEntityException(coded('REFUND_NOT_ALLOWED', item.refundBlockedReason));
      return this.repository.claimRefund(paymentId, this.clock.now(), tx);
    });
    if (!claimed) throw new ConflictException(coded('REFUND_NOT_ALLOWED', 'This payment cannot be refunded: it is not completed or a refund was already made'));
    let refundId: string;
    try {
      ({ refundId } = await this.gateway.refund({ paymentId, sessionId: claimed.stripeSessionId ?? '', paymentIntentId: claimed.stripePaymentIntentId, amountPence: claimed.amountPence }));
    } catch (error) {
      await this.repository.releaseRefundClaim(paymentId);
      throw error;
    }
    const refunded = await this.events.transaction(async (tx) => {
      const row = await this.repository.markRefunded(paymentId, { at: this.clock.now(), reference: refundId }, tx);
      if (!row) return this.repository.findById(paymentId, tx);
      await this.repository.recordStatusChange({ paymentId, changedBy: options.requestedBy, source: 'refund', fromStatus: 'completed', toStatus: 'refunded', notes: options.reason }, tx);
      await this.items.find(row.itemKind)?.markRefunded(row.itemId, row, tx);
      await this.recordReceipt('payment.refunded', row, tx);
      return row;
    });
    return refunded!;
  }

  // ── Tutor payouts ────────────────────────────────────────────────────────────────────────────────────

  /**
   * Pays the owning tutor their earnings on the item, once (the ledger's unique payout per item), when the
   * item's module says they are eligible. Asking again returns the same payout.
   */
  async requestPayout(tutorId: string, kind: string, itemId: string): Promise<PaymentRow> {
    this.assertAvailable();
    const resolver = this.resolver(kind);
    const existing = await this.repository.findPayout(kind, itemId);
    if (existing) {
      if (!canReadPayout({ id: tutorId }, existing)) throw itemNotFound(kind);
      return existing;
    }
    const created = await this.events.transaction(async (tx) => {
      const item = await resolver.load(itemId, tx, { lock: true });
      if (!canRequestPayout({ id: tutorId }, item)) throw itemNotFound(kind);
      if (isSelfHeld(item)) throw new ConflictException(coded('SELF_DEALING', 'You cannot be paid for your own essay or session.'));
      const charge = await this.repository.findCompletedCharge(kind, itemId, tx);
      if (!charge) throw new UnprocessableEntityException(coded('PAYOUT_NOT_ELIGIBLE', 'The student has not paid for this yet'));
      if (item.payoutBlockedReason) throw new UnprocessableEntityException(coded('PAYOUT_NOT_ELIGIBLE', item.payoutBlockedReason));
      if (charge.tutorEarningsPence <= 0) throw new UnprocessableEntityException(coded('PAYOUT_NOT_ELIGIBLE', 'There are no earnings to pay out'));
      const payout = await this.repository.insertPayout(
        {
          type: PAYOUT_TYPE[resolver.paymentType],
          status: 'pending',
          payerId: null,
          payerType: 'platform',
          recipientId: tutorId,
          recipientType: 'tutor',
          amountPence: charge.tutorEarningsPence,
          currency: 'GBP',
          platformCommissionPence: 0,
          tutorEarningsPence: charge.tutorEarningsPence,
          description: `Payout: ${item.description}`,
          paymentMethod: 'recorded_payout',
          itemKind: kind,
          itemId,
          metadata: { ...item.metadata, studentPaymentId: charge.id },
        },
        tx,
      );
      if (!payout) return { payout: (await this.repository.findPayout(kind, itemId, tx))!, created: false };
      await this.repository.recordStatusChange({ paymentId: payout.id, changedBy: tutorId, source: 'payout', fromStatus: null, toStatus: 'pending' }, tx);
      await resolver.markTutorPaid(itemId, payout, tx);
      return { payout, created: true };
    });
    if (!created.created) {
      if (!canReadPayout({ id: tutorId }, created.payout)) throw itemNotFound(kind);
      return created.payout;
    }
    return this.settlePayout(created.payout);
  }

  private async settlePayout(payout: PaymentRow): Promise<PaymentRow> {
    let outcome: { status: 'completed' | 'failed'; reference: string | null; method: PaymentRow['paymentMethod'] };
    try {
      const destinationAccount = await this.accounts.destination(payout.recipientId);
      const result = await this.gateway.payout({ payoutId: payout.id, amountPence: payout.amountPence, description: payout.description, destinationAccount });
      outcome = { status: 'completed', reference: result.reference, method: result.method };
    } catch (error) {
      this.logger.error(`Payout ${payout.id} failed at the gateway: ${(error as Error).message}`);
      outcome = { status: 'failed', reference: null, method: payout.paymentMethod };
    }
    const settled = await this.events.transaction(async (tx) => {
      const row = await this.repository.settlePayout(payout.id, { ...outcome, at: this.clock.now() }, tx);
      if (!row) return this.repository.findById(payout.id, tx);
      await this.repository.recordStatusChange({ paymentId: row.id, changedBy: null, source: `${this.gateway.name}:payout`, fromStatus: 'pending', toStatus: row.status }, tx);
      if (row.status === 'completed') await this.recordReceipt('payout.completed', row, tx);
      return row;
    });
    return settled!;
  }

  /** A payout as its tutor may see it. */
  async payoutFor(tutorId: string, payoutId: string): Promise<PaymentRow> {
    const row = isUUID(payoutId) ? await this.repository.findById(payoutId) : undefined;
    if (!canReadPayout({ id: tutorId }, row)) throw payoutNotFound();
    return row;
  }

  /**
   * The spec's `sessionId`: the return page's `session_id`, which is the payout's id, or else the id of
   * the item of `kind` (a tutoring session) the payout is for.
   */
  async payoutForReference(tutorId: string, sessionId: string, kind: string): Promise<PaymentRow> {
    if (!isUUID(sessionId)) throw payoutNotFound();
    if (await this.repository.findById(sessionId)) return this.payoutFor(tutorId, sessionId);
    return this.payoutForItem(tutorId, kind, sessionId);
  }

  /** The payout of one item (an essay, a tutoring session) as its tutor may see it. */
  async payoutForItem(tutorId: string, kind: string, itemId: string): Promise<PaymentRow> {
    const row = isUUID(itemId) ? await this.repository.findPayout(kind, itemId) : undefined;
    if (!row || row.recipientId !== tutorId) throw payoutNotFound();
    return row;
  }

  // ── Events ───────────────────────────────────────────────────────────────────────────────────────────

  /** The receipt's event, in the ledger row's transaction (Notifications mails it). */
  private async recordReceipt(name: 'payment.completed' | 'payment.refunded' | 'payout.completed', payment: PaymentRow, tx: Transaction): Promise<void> {
    const userId = name === 'payout.completed' ? payment.recipientId : payment.payerId;
    if (!userId) return;
    const refund = name === 'payment.refunded';
    const at = (refund ? payment.refundedAt : payment.paidAt) ?? this.clock.now();
    await this.events.record(tx, name, {
      paymentId: payment.id,
      userId,
      amountPence: refund ? payment.refundedAmountPence || payment.amountPence : payment.amountPence,
      description: payment.description,
      at: at.toISOString(),
    });
  }

  /** The item could not take the payment (its hold ended): the student gets it all back, once (the ledger's claim). */
  @OnEvent('payment.unclaimed')
  async refundUnclaimed(event: { paymentId: string }): Promise<void> {
    try {
      await this.refundPayment(event.paymentId, { requestedBy: null, reason: 'The item was no longer available when the payment arrived' });
    } catch (error) {
      // Already refunded (a replay after the refund went through) is the end of it; anything else is retried.
      if (error instanceof ConflictException) return;
      throw error;
    }
  }
}

/** Every unknown payment (a made-up id, someone else's) answers this one text with 404 PAYMENT_NOT_FOUND. */
export const PAYMENT_SESSION_NOT_FOUND = 'Payment session not found. Please try again.';
const payoutNotFound = () => new NotFoundException(coded('PAYMENT_NOT_FOUND', PAYMENT_SESSION_NOT_FOUND));
