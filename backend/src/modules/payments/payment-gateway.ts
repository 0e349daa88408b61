/** What Payments asks of a payment provider: Stripe, or the local gateway when no key is set. */
export interface CheckoutRequest {
  /** The ledger row the checkout pays; the idempotency key is derived from it, so a retry never makes a second checkout. */
  paymentId: string;
  amountPence: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** A checkout as the provider sees it now (Stripe's Checkout Session fields). */
export interface CheckoutState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** Set by the local gateway's "Decline" (a failed card); Stripe reports failures through async_payment_failed. */
  declined?: boolean;
}

export interface PayoutRequest {
  payoutId: string;
  amountPence: number;
  description: string;
  /** The tutor's Stripe connected account, when they have one. */
  destinationAccount?: string | null;
}

/** A tutor's connected account as Stripe sees it now. */
export interface PayoutAccountState {
  id: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** Stripe Connect (Express) for tutor payouts; the local gateway has none (payouts are recorded). */
export interface ConnectedAccounts {
  /** Creates the tutor's account, once per tutor (idempotency key `account.<tutorId>`). */
  createAccount(request: { tutorId: string; email: string }): Promise<PayoutAccountState>;
  retrieveAccount(accountId: string): Promise<PayoutAccountState | undefined>;
  /** A one-time onboarding link (Stripe-hosted) that returns to `returnUrl`, or `refreshUrl` when it expired. */
  onboardingLink(request: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
}

export interface PaymentGateway {
  /** Present when the gateway can pay tutors into accounts of their own (Stripe Connect). */
  readonly connect?: ConnectedAccounts;
  readonly name: 'stripe' | 'local';
  /** The ledger's paymentMethod for a student's payment through this gateway. */
  readonly method: 'stripe_card' | 'local_test';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The checkout as the provider has it now; undefined when it does not know it. */
  retrieveCheckout(sessionId: string): Promise<CheckoutState | undefined>;
  /** Refunds a completed checkout in full; idempotent per ledger row. */
  refund(request: { paymentId: string; sessionId: string; paymentIntentId: string | null; amountPence: number }): Promise<{ refundId: string }>;
  /** Pays a tutor: a transfer when they have a connected account, else a recorded payout (no money moves here). */
  payout(request: PayoutRequest): Promise<{ reference: string; method: 'stripe_transfer' | 'recorded_payout' }>;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

/**
 * Whether the local gateway is the configured one: no Stripe key, and not production (where no key means no
 * gateway at all). Its checkout page and buttons exist only then.
 */
export function localGatewayActive(gateway: Pick<PaymentGateway, 'name'>, nodeEnv: string): boolean {
  return gateway.name === 'local' && nodeEnv !== 'production';
}
