import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { DomainEvents, type EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ITEM_KINDS } from '../payments/payable-items.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { essayRef } from './essay-timers.service.js';
import { EssaysRepository } from './essays.repository.js';

/**
 * What a ban does to essays, once per ban:
 * - a banned tutor's accepted, unpaid essays go back to the pool (`essay.returnedToPool`, reason `tutorBanned`: the
 *   student is told, the chat context closes);
 * - their paid, unfinished essays (paid, revision requested) are cancelled and refunded in full through Payments,
 *   whose claim on the ledger row makes each refund happen once however often this runs (`essay.cancelled`
 *   then tells the student);
 * - a banned student's essays still waiting for a tutor leave the pool (cancelled; nothing was paid).
 * The pool's rows change in the delivery's transaction; the events recorded there are dispatched by the relay.
 */
@Injectable()
export class EssayBansSubscriber {
  private readonly logger = new Logger('EssayBans');

  constructor(
    private readonly essays: EssaysRepository,
    private readonly events: DomainEvents,
    private readonly payments: PaymentsService,
    private readonly clock: Clock,
  ) {}

  @OnEvent('user.banned')
  async releaseWork(event: DomainEventPayloads['user.banned'], { tx }: EventContext): Promise<void> {
    const now = this.clock.now();
    for (const { id } of await this.essays.heldBy(event.userId, ['accepted'], tx)) {
      const held = await this.essays.returnToPool(id, { tutorId: event.userId }, now, tx);
      if (held) await this.events.record(tx, 'essay.returnedToPool', { ...essayRef(held.essay), tutorId: held.tutorId, acceptedAt: held.acceptedAt.toISOString(), reason: 'tutorBanned' });
    }
    for (const essay of await this.essays.withdrawWaiting(event.userId, now, tx)) {
      await this.events.record(tx, 'essay.cancelled', { ...essayRef(essay), tutorId: null, refunded: false });
    }
    for (const { id } of await this.essays.heldBy(event.userId, ['paid', 'revision_requested'], tx)) {
      try {
        // Its own transactions (the ledger's): the essay is cancelled with the refund, `essay.cancelled` recorded there.
        await this.payments.refundItem(ITEM_KINDS.essay, id, { requestedBy: event.bannedBy, reason: 'The tutor was banned', whateverTheWindow: true });
      } catch (error) {
        // Already refunded (a replay after the refund went through), or nothing to refund: nothing more to do.
        if (error instanceof ConflictException) continue;
        throw error;
      }
      this.logger.log(`essay ${id} refunded: its tutor was banned`);
    }
  }
}
