import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { PAYMENT_GATEWAY, type ConnectedAccounts, type PaymentGateway } from './payment-gateway.js';
import { PaymentsRepository } from './payments.repository.js';

export interface PayoutAccountStatus {
  /** Payouts can go to an account of the tutor's own (Stripe Connect is configured). */
  available: boolean;
  connected: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/**
 * Tutors' Stripe connected accounts (Connect Express): the onboarding link from the tutor profile, the account's
 * state (kept fresh by `account.updated` and on every look), and the destination of a payout by transfer.
 */
@Injectable()
export class PayoutAccounts {
  constructor(
    private readonly repository: PaymentsRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private connect(): ConnectedAccounts {
    if (!this.gateway.connect) {
      throw new ConflictException(coded('PAYMENTS_UNAVAILABLE', 'Payouts are recorded by the platform here: there is no payout account to set up.'));
    }
    return this.gateway.connect;
  }

  /** A Stripe-hosted onboarding link for the tutor's account, creating the account on first use (once, under races). */
  async onboardingLink(tutor: { id: string; email: string }): Promise<string> {
    const connect = this.connect();
    // Under a per-tutor lock: concurrent first clicks create one account (Stripe refuses a key still in flight).
    const account = await this.repository.withPayoutAccountLock(tutor.id, async (tx) => {
      const existing = await this.repository.findPayoutAccount(tutor.id, tx);
      if (existing) return existing;
      const created = await connect.createAccount({ tutorId: tutor.id, email: tutor.email });
      return this.repository.savePayoutAccount({ tutorId: tutor.id, stripeAccountId: created.id, payoutsEnabled: created.payoutsEnabled, detailsSubmitted: created.detailsSubmitted }, tx);
    });
    const web = this.config.webOrigin.replace(/\/$/, '');
    return connect.onboardingLink({ accountId: account.stripeAccountId, returnUrl: `${web}/tutor/profile?payouts=done`, refreshUrl: `${web}/tutor/profile?payouts=refresh` });
  }

  async status(tutorId: string): Promise<PayoutAccountStatus> {
    const available = !!this.gateway.connect;
    const account = await this.repository.findPayoutAccount(tutorId);
    if (!available || !account) return { available, connected: false, payoutsEnabled: false, detailsSubmitted: false };
    const state = await this.gateway.connect!.retrieveAccount(account.stripeAccountId);
    if (state) await this.repository.updatePayoutAccount(account.stripeAccountId, { payoutsEnabled: state.payoutsEnabled, detailsSubmitted: state.detailsSubmitted });
    return { available, connected: true, payoutsEnabled: state?.payoutsEnabled ?? false, detailsSubmitted: state?.detailsSubmitted ?? false };
  }

  /** `account.updated`: the account re-fetched from Stripe, stored with the event id in one transaction. */
  async sync(accountId: string, event: { id: string; type: string }): Promise<boolean> {
    const state = await this.connect().retrieveAccount(accountId);
    if (!state) return false;
    return this.repository.transaction(async (tx) => {
      if (!(await this.repository.recordEvent(event.id, event.type, tx))) return false;
      await this.repository.updatePayoutAccount(accountId, { payoutsEnabled: state.payoutsEnabled, detailsSubmitted: state.detailsSubmitted }, tx);
      return true;
    });
  }

  /** Where a payout to this tutor goes: their account when Stripe says it can receive payouts, else nowhere (recorded). */
  async destination(tutorId: string | null): Promise<string | null> {
    if (!tutorId || !this.gateway.connect) return null;
    const account = await this.repository.findPayoutAccount(tutorId);
    return account?.payoutsEnabled ? account.stripeAccountId : null;
  }
}
