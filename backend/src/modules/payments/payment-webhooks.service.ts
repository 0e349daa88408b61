import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import Stripe from 'stripe';
import { coded } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.js';
import { PaymentsService } from './payments.service.js';
import { PayoutAccounts } from './payout-accounts.service.js';

/** The checkout events handled; anything else is acknowledged and ignored. */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * Stripe's webhook: the signature is checked on the raw body (with Stripe's tolerance of 300 s), then the
 * checkout is re-fetched from Stripe, so the order in which events arrive does not matter: whatever the event,
 * the session's state now decides. The event id is stored in the transaction of its effect: applied once.
 */
@Injectable()
export class PaymentWebhooks {
  constructor(
    private readonly payments: PaymentsService,
    private readonly accounts: PayoutAccounts,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Verifies and applies one delivery; 'duplicate' when the event had been applied before. */
  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<'applied' | 'duplicate' | 'ignored'> {
    const secret = this.config.payments.stripeWebhookSecret;
    if (this.gateway.name !== 'stripe' || !secret) throw new NotFoundException(coded('NOT_FOUND', 'Webhooks are not configured'));
    if (!rawBody || !signature) throw new BadRequestException(coded('WEBHOOK_SIGNATURE_INVALID', 'Missing webhook signature'));
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new BadRequestException(coded('WEBHOOK_SIGNATURE_INVALID', 'Invalid webhook signature'));
    }
    const ref = { id: event.id, type: event.type };
    if (CHECKOUT_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      const state = await this.gateway.retrieveCheckout(session.id);
      if (!state) return 'ignored';
      const applied = await this.payments.settleCheckout(state, {
        source: `stripe:${event.type}`,
        event: ref,
        failIfUnpaid: event.type === 'checkout.session.async_payment_failed',
      });
      return applied ? 'applied' : 'duplicate';
    }
    if (event.type === 'charge.refunded') {
      const charge = event.data.object as Stripe.Charge;
      const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentIntentId) return 'ignored';
      await this.payments.settleGatewayRefund({ paymentIntentId, amountRefunded: charge.amount_refunded, fully: charge.refunded }, ref);
      return 'applied';
    }
    if (event.type === 'account.updated' && this.gateway.connect) {
      const account = event.data.object as Stripe.Account;
      return (await this.accounts.sync(account.id, ref)) ? 'applied' : 'duplicate';
    }
    return 'ignored';
  }
}
