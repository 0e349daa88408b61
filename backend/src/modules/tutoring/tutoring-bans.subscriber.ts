import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { DomainEvents, type EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ITEM_KINDS } from '../payments/payable-items.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { sessionRef } from './tutoring.events.js';
import { TutoringRepository } from './tutoring.repository.js';

/**
 * What a ban does to tutoring, whichever side is banned (docs/architecture.md "Domain events"):
 * - every unpaid hold of theirs ends at once (`session.expired`), freeing the slot; a payment that lands for it
 *   later is refunded automatically (TutoringPayables.markPaid refuses it);
 * - every confirmed session of theirs not yet started is marked for cancellation by the platform and gets a
 *   `session.banRefundDue`, whose subscriber refunds it in full through Payments; the refund cancels the session and
 *   records `session.cancelled`, so both sides are told (the banned one neutrally), the invite is withdrawn and the
 *   reminders go.
 * Both happen in the delivery's transaction with the events they record, so once per ban however often the
 * delivery is retried; each refund is made once by the ledger's claim however often its own event is replayed.
 */
@Injectable()
export class TutoringBansSubscriber {
  private readonly logger = new Logger('TutoringBans');

  constructor(
    private readonly repository: TutoringRepository,
    private readonly payments: PaymentsService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  @OnEvent('user.banned')
  async endBookings(event: DomainEventPayloads['user.banned'], { tx }: EventContext): Promise<void> {
    const now = this.clock.now();
    for (const hold of await this.repository.endHoldsOf(event.userId, now, tx)) await this.events.record(tx, 'session.expired', sessionRef(hold));
    for (const session of await this.repository.requestPlatformCancellationOf(event.userId, now, tx)) {
      await this.events.record(tx, 'session.banRefundDue', { ...sessionRef(session), bannedUserId: event.userId, bannedBy: event.bannedBy });
    }
  }

  /** The refund of a session a ban ended, whatever the cancellation window (its own transactions: the ledger's). */
  @OnEvent('session.banRefundDue')
  async refund(event: DomainEventPayloads['session.banRefundDue']): Promise<void> {
    const side = event.bannedUserId === event.tutorId ? 'tutor' : 'student';
    try {
      await this.payments.refundItem(ITEM_KINDS.tutoringSession, event.sessionId, { requestedBy: event.bannedBy, reason: `The ${side} was banned`, whateverTheWindow: true });
    } catch (error) {
      // Refunded already (a replay after the refund went through), or being refunded by another call: nothing more to do.
      if (error instanceof ConflictException) return;
      throw error;
    }
    this.logger.log(`session ${event.sessionId} cancelled and refunded: its ${side} was banned`);
  }
}
