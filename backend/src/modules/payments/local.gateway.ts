import { randomBytes } from 'node:crypto';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { CheckoutRequest, CheckoutSession, CheckoutState, PaymentGateway, PayoutRequest } from './payment-gateway.js';
import type { PaymentsRepository } from './payments.repository.js';

/** The local gateway's checkout ids: unguessable, since the id alone opens the (test) checkout page. */
export const LOCAL_SESSION_PREFIX = 'local_';
export const LOCAL_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The offline gateway (no STRIPE_SECRET_KEY): its checkout is a page served by the API itself
 * (`/api/payments/local-checkout/{id}`, marked TEST MODE), and its truth is the ledger row: the page's Pay
 * feeds the same completion path as Stripe's webhook. Refunds and payouts are recorded, no money moves.
 */
export class LocalGateway implements PaymentGateway {
  readonly name = 'local' as const;
  readonly method = 'local_test' as const;

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly apiOrigin: string,
    private readonly clock: Clock,
  ) {}

  createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const id = `${LOCAL_SESSION_PREFIX}${randomBytes(24).toString('base64url')}`;
    void request;
    return Promise.resolve({ id, url: `${this.apiOrigin}/api/payments/local-checkout/${id}` });
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState | undefined> {
    const row = await this.repository.findBySessionId(sessionId);
    if (!row) return undefined;
    const paid = row.status === 'completed' || row.status === 'refunded';
    // Like Stripe's, a local checkout nobody finished ends after a day.
    const expired = row.status === 'failed' || (!paid && this.clock.now().getTime() - row.createdAt.getTime() > LOCAL_CHECKOUT_TTL_MS);
    return {
      id: sessionId,
      status: paid ? 'complete' : expired ? 'expired' : 'open',
      paymentStatus: paid ? 'paid' : 'unpaid',
      amountTotal: row.amountPence,
      currency: 'gbp',
      paymentIntentId: null,
    };
  }

  refund(request: { paymentId: string }): Promise<{ refundId: string }> {
    return Promise.resolve({ refundId: `local_refund_${request.paymentId}` });
  }

  payout(request: PayoutRequest): Promise<{ reference: string; method: 'stripe_transfer' | 'recorded_payout' }> {
    return Promise.resolve({ reference: `recorded_${request.payoutId}`, method: 'recorded_payout' });
  }
}
