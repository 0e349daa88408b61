import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DbOrTx, Transaction } from '../../infra/database/database.types.js';
import type { TutoringSessionRow } from './tutoring.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { ukDateTime } from '@redpen/shared/dates';
import { ITEM_KINDS, PayableItems, type PayableItem, type PayableItemResolver } from '../payments/payable-items.service.js';
import { BANNED_MESSAGE } from '../auth/auth-tokens.service.js';
import { payoutAvailableAt } from './session.presenter.js';
import { sessionRef } from './tutoring.events.js';
import { TutoringRepository } from './tutoring.repository.js';
import { TutoringParties } from './tutoring-parties.js';

/**
 * Tutoring sessions as Payments sees them (the PayableItems port, docs/architecture.md "Payments"): payable while
 * held, refundable while confirmed and not started (who may cancel when is the cancel routes' rule), the tutor paid
 * once, PAYOUT_ELIGIBILITY_SECONDS (48 h) after the end. The callbacks run in the ledger's transaction.
 */
@Injectable()
export class TutoringPayables implements OnModuleInit, PayableItemResolver {
  readonly kind = ITEM_KINDS.tutoringSession;
  readonly paymentType = 'student_tutoring_payment' as const;
  readonly returnSegment = 'tutoring' as const;
  private readonly payoutDelayMs: number;

  constructor(
    private readonly payable: PayableItems,
    private readonly repository: TutoringRepository,
    private readonly parties: TutoringParties,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.payoutDelayMs = config.windows.payoutEligibilitySeconds * 1000;
  }

  onModuleInit(): void {
    this.payable.register(this);
  }

  async load(id: string, tx: DbOrTx, options: { lock?: boolean } = {}): Promise<PayableItem | undefined> {
    const session = await this.repository.findById(id, tx, options);
    if (!session) return undefined;
    const banned = await this.parties.banned(session, tx);
    const minutes = Math.round((session.endTime.getTime() - session.startTime.getTime()) / 60_000);
    return {
      id: session.id,
      studentId: session.studentId,
      tutorId: session.tutorId,
      amountPence: session.pricePence,
      description: `Tutoring session: ${session.purpose} (${ukDateTime(session.startTime)}, ${minutes} minutes)`,
      // A ban of either side ends the booking (409, never paid: a payment that lands anyway is refunded by markPaid).
      ...(banned.tutorBanned
        ? { notPayableReason: 'This tutor is no longer available for sessions, so this booking cannot be paid for. Nothing has been charged.', notPayableCode: 'TUTOR_NOT_BOOKABLE' as const }
        : banned.studentBanned
          ? { notPayableReason: BANNED_MESSAGE, notPayableCode: 'ACCOUNT_BANNED' as const }
          : { notPayableReason: this.notPayableReason(session) }),
      payoutBlockedReason: this.payoutBlockedReason(session),
      refundBlockedReason: session.status === 'confirmed' && this.clock.now() < session.startTime ? null : 'Only a booked session that has not started can be refunded',
      metadata: { purpose: session.purpose, startTime: session.startTime.toISOString(), endTime: session.endTime.toISOString() },
    };
  }

  /**
   * held → confirmed with its meeting room, recording `session.confirmed`; false (Payments refunds it in full) once
   * the hold is gone or either side is banned. The two people's rows are locked first (a ban waits for this
   * confirmation and then finds the session to cancel, or has committed and is read here).
   */
  async markPaid(id: string, _payment: unknown, tx: Transaction): Promise<boolean> {
    const session = await this.repository.findById(id, tx);
    if (!session) return false;
    const banned = await this.parties.lock(session, tx);
    if (banned.studentBanned || banned.tutorBanned) return false;
    const paidAt = this.clock.now();
    const confirmed = await this.repository.confirm(id, { paidAt, meetingLink: this.meetingLink() }, tx);
    if (!confirmed) return false;
    await this.events.record(tx, 'session.confirmed', { ...sessionRef(confirmed), meetingLink: confirmed.meetingLink!, pricePence: confirmed.pricePence, paidAt: paidAt.toISOString() });
    return true;
  }

  /** The refund cancels the session (by whoever asked, or the platform), recording `session.cancelled`. */
  async markRefunded(id: string, payment: { refundedAmountPence?: number; amountPence: number }, tx: Transaction): Promise<void> {
    const now = this.clock.now();
    const cancelled = await this.repository.cancelRefunded(id, now, tx);
    if (!cancelled) return;
    const banned = cancelled.cancelledBy === 'platform' ? await this.parties.banned(cancelled, tx) : undefined;
    const accountClosed = banned?.tutorBanned ? 'tutor' : banned?.studentBanned ? 'student' : undefined;
    await this.events.record(tx, 'session.cancelled', {
      ...(accountClosed ? { accountClosed } : {}),
      ...sessionRef(cancelled),
      cancelledBy: cancelled.cancelledBy ?? 'platform',
      cancelledAt: now.toISOString(),
      refundedPence: payment.refundedAmountPence || payment.amountPence,
    });
  }

  async markTutorPaid(id: string, _payout: unknown, tx: Transaction): Promise<void> {
    await this.repository.markTutorPaid(id, this.clock.now(), tx);
  }

  /** One unguessable room per session under the configured provider (128 random bits). */
  private meetingLink(): string {
    return `${this.config.tutoring.meetingBaseUrl.replace(/\/$/, '')}/redpen-${randomBytes(16).toString('base64url')}`;
  }

  private notPayableReason(session: TutoringSessionRow): string | null {
    switch (session.status) {
      case 'held':
        return session.holdExpiresAt && session.holdExpiresAt > this.clock.now() ? null : 'The hold on this slot has ended. Please book the session again.';
      case 'confirmed':
        return 'This session has already been paid for';
      case 'expired':
        return 'The hold on this slot has ended. Please book the session again.';
      default:
        return 'This session was cancelled';
    }
  }

  private payoutBlockedReason(session: TutoringSessionRow): string | null {
    if (session.status !== 'confirmed') return 'Only a session that took place can be paid out';
    return this.clock.now() >= payoutAvailableAt(session, this.payoutDelayMs) ? null : 'The tutor can be paid 48 hours after the session ends';
  }
}
