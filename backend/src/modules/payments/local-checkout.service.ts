import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { formatPounds } from '@redpen/shared/pricing';
import { renderLocalCheckout } from './local-checkout.page.js';
import { LOCAL_SESSION_PREFIX } from './local.gateway.js';
import { PayableItems } from './payable-items.service.js';
import { localGatewayActive, PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';

export type LocalCheckoutAction = 'pay' | 'cancel' | 'decline';

/** The local gateway's checkout page and its three buttons; Pay and Decline go through PaymentsService.settleCheckout. */
@Injectable()
export class LocalCheckout {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly payments: PaymentsService,
    private readonly items: PayableItems,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The pending (or settled) local checkout, only while the local gateway is the configured one: with Stripe, or in
   * production without it, the page and its buttons answer 404 and no `local_` checkout left in the ledger can be paid.
   */
  private async find(sessionId: string) {
    const active = localGatewayActive(this.gateway, this.config.nodeEnv);
    const row = active && sessionId.startsWith(LOCAL_SESSION_PREFIX) ? await this.repository.findBySessionId(sessionId) : undefined;
    if (!row) throw new NotFoundException(coded('PAYMENT_NOT_FOUND', 'Payment session not found'));
    return row;
  }

  private segment(itemKind: string): string {
    return this.items.find(itemKind)?.returnSegment ?? 'essay';
  }

  async page(sessionId: string): Promise<string> {
    const row = await this.find(sessionId);
    const web = this.config.webOrigin.replace(/\/$/, '');
    const closedReason =
      row.status === 'pending' ? null : row.status === 'failed' ? 'This checkout has ended. Go back to Redpen to try again.' : 'This checkout has already been paid.';
    return renderLocalCheckout({
      sessionId,
      description: row.description,
      amount: formatPounds(row.amountPence),
      closedReason,
      backUrl: row.status === 'failed' ? `${web}/payment-failed/${this.segment(row.itemKind)}` : `${web}/payment-success/${this.segment(row.itemKind)}?session_id=${encodeURIComponent(sessionId)}`,
    });
  }

  /** Applies a button and answers where the browser goes next (the same return URLs as Stripe's). */
  async act(sessionId: string, action: LocalCheckoutAction): Promise<string> {
    const row = await this.find(sessionId);
    const web = this.config.webOrigin.replace(/\/$/, '');
    const segment = this.segment(row.itemKind);
    const success = `${web}/payment-success/${segment}?session_id=${encodeURIComponent(sessionId)}`;
    const failed = `${web}/payment-failed/${segment}`;
    if (action === 'cancel') return failed;
    const state = { id: sessionId, amountTotal: row.amountPence, currency: 'gbp', paymentIntentId: null };
    if (action === 'pay') {
      await this.payments.settleCheckout({ ...state, status: 'complete', paymentStatus: 'paid' }, { source: 'local:pay' });
      const after = await this.repository.findById(row.id);
      return after?.status === 'completed' || after?.status === 'refunded' ? success : failed;
    }
    await this.payments.settleCheckout({ ...state, status: 'open', paymentStatus: 'unpaid' }, { source: 'local:decline', declined: true });
    return failed;
  }
}
