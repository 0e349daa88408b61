import { Injectable } from '@nestjs/common';
import type { DomainEventPayloads } from '../../infra/events/domain-event-registry.js';
import type { EventContext } from '../../infra/events/domain-events.service.js';
import { OnEvent } from '../../infra/events/on-event.decorator.js';
import { ukDateTime } from '@redpen/shared/dates';
import { formatPounds } from '@redpen/shared/pricing';
import { Recipients } from './recipients.service.js';

type Receipt = DomainEventPayloads['payment.completed'];

/**
 * The receipt's number as people read it aloud (`RP-1A2B3C4D`): the first 8 hex digits of the ledger row's id (the
 * row support looks up begins with them). A UUID in an email helps nobody.
 */
export function receiptNumber(paymentId: string): string {
  return `RP-${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** A receipt for every movement of money (the template is Payments': payments.mails.ts), once per ledger row. */
@Injectable()
export class PaymentNotifications {
  constructor(private readonly to: Recipients) {}

  @OnEvent('payment.completed')
  async paid(event: Receipt, { tx }: EventContext): Promise<void> {
    await this.receipt(event, 'payment', tx);
  }

  @OnEvent('payment.refunded')
  async refunded(event: Receipt, { tx }: EventContext): Promise<void> {
    await this.receipt(event, 'refund', tx);
  }

  @OnEvent('payout.completed')
  async paidOut(event: Receipt, { tx }: EventContext): Promise<void> {
    await this.receipt(event, 'payout', tx);
  }

  private async receipt(event: Receipt, kind: 'payment' | 'refund' | 'payout', tx: EventContext['tx']): Promise<void> {
    const [user] = await this.to.people([event.userId], tx);
    if (!user) return;
    await this.to.mail(
      {
        to: user.email,
        template: 'payments.receipt',
        data: { name: user.name, kind, reference: receiptNumber(event.paymentId), amount: formatPounds(event.amountPence), description: event.description, date: ukDateTime(new Date(event.at)) },
        // The receipt invites a reply: it reaches the support inbox.
        replyTo: this.to.supportEmail,
      },
      `receipt.${kind}.${event.paymentId}`,
    );
  }
}
