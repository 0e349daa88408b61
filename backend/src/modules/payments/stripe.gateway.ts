import Stripe from 'stripe';
import type { AppConfig } from '../../config/env.schema.js';
import type { CheckoutRequest, CheckoutSession, CheckoutState, ConnectedAccounts, PaymentGateway, PayoutAccountState, PayoutRequest } from './payment-gateway.js';

function accountState(account: Stripe.Account): PayoutAccountState {
  return { id: account.id, payoutsEnabled: account.payouts_enabled ?? false, detailsSubmitted: account.details_submitted ?? false };
}

/** The Stripe client of the configured key; STRIPE_API_URL points it at a stand-in (tests, stripe-mock). */
export function createStripeClient(config: AppConfig): Stripe {
  const { stripeSecretKey, stripeApiUrl } = config.payments;
  if (!stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = stripeApiUrl ? new URL(stripeApiUrl) : undefined;
  return new Stripe(stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}

/** Stripe Checkout in GBP: the server's amount, one checkout per ledger row (idempotency key), refunds and transfers. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly method = 'stripe_card' as const;

  readonly connect: ConnectedAccounts;

  constructor(private readonly stripe: Stripe) {
    this.connect = {
      createAccount: async ({ tutorId, email }) =>
        accountState(
          await stripe.accounts.create(
            { type: 'express', country: 'GB', email, capabilities: { transfers: { requested: true } }, metadata: { tutorId } },
            { idempotencyKey: `account.${tutorId}` },
          ),
        ),
      retrieveAccount: async (accountId) => {
        try {
          return accountState(await stripe.accounts.retrieve(accountId));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
          throw error;
        }
      },
      onboardingLink: async ({ accountId, returnUrl, refreshUrl }) =>
        (await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl })).url,
    };
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: request.amountPence, product_data: { name: request.description } } }],
        customer_email: request.customerEmail,
        client_reference_id: request.paymentId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { ...request.metadata, paymentId: request.paymentId },
        payment_intent_data: { metadata: { paymentId: request.paymentId } },
      },
      { idempotencyKey: `checkout.${request.paymentId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState | undefined> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      return {
        id: session.id,
        status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
        paymentStatus: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
        amountTotal: session.amount_total,
        currency: session.currency,
        paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  async refund(request: { paymentId: string; paymentIntentId: string | null; amountPence: number }): Promise<{ refundId: string }> {
    if (!request.paymentIntentId) throw new Error(`Payment ${request.paymentId} has no payment intent to refund`);
    const refund = await this.stripe.refunds.create(
      { payment_intent: request.paymentIntentId, amount: request.amountPence, metadata: { paymentId: request.paymentId } },
      { idempotencyKey: `refund.${request.paymentId}` },
    );
    return { refundId: refund.id };
  }

  async payout(request: PayoutRequest): Promise<{ reference: string; method: 'stripe_transfer' | 'recorded_payout' }> {
    if (!request.destinationAccount) return { reference: `recorded_${request.payoutId}`, method: 'recorded_payout' };
    const transfer = await this.stripe.transfers.create(
      { amount: request.amountPence, currency: 'gbp', destination: request.destinationAccount, description: request.description, metadata: { payoutId: request.payoutId } },
      { idempotencyKey: `payout.${request.payoutId}` },
    );
    return { reference: transfer.id, method: 'stripe_transfer' };
  }
}
