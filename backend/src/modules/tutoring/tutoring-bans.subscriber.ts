import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ITEM_KINDS } from '../payments/payable-items.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { TutoringRepository } from './tutoring.repository.js';

/**
 * What a ban does to tutoring (DESIGN.md §9 "Bans and revocation"): a banned tutor's upcoming sessions are cancelled
 * and refunded in full, as if the tutor had cancelled them — Payments' refund cancels each session and records
 * `session.cancelled` in the ledger's transaction (the student is told, the invite is withdrawn, the reminders go).
 * Once per ban however often it runs: the ledger's refund claim decides, and a session already cancelled is skipped.
 */
@Injectable()
export class TutoringBansSubscriber {
  private readonly logger = new Logger('TutoringBans');

  constructor(
    private readonly repository: TutoringRepository,
    private readonly payments: PaymentsService,
    private readonly clock: Clock,
  ) {}

  @OnEvent('user.banned')
  async cancelUpcoming(event: DomainEventPayloads['user.banned']): Promise<void> {
    const now = this.clock.now();
    for (const session of await this.repository.forTutor(event.userId, 'pending', now)) {
      if (!(await this.repository.requestCancellation(session.id, 'tutor', now))) continue;
      try {
        await this.payments.refundItem(ITEM_KINDS.tutoringSession, session.id, { requestedBy: event.bannedBy, reason: 'The tutor was banned', whateverTheWindow: true });
      } catch (error) {
        if (error instanceof ConflictException) continue; // refunded already (a replay)
        await this.repository.withdrawCancellation(session.id);
        throw error;
      }
      this.logger.log(`session ${session.id} cancelled and refunded: its tutor was banned`);
    }
  }
}
