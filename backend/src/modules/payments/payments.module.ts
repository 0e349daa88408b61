import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { AuditLogModule } from '../admin/audit-log.module.js';
import { UsersModule } from '../users/users.module.js';
import { LocalCheckout } from './local-checkout.service.js';
import { LocalGateway } from './local.gateway.js';
import { PayableItems } from './payable-items.service.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';
import { AdminPaymentsController, AdminTransactionsController } from './payments.admin.controller.js';
import { PaymentGatewayController, StudentPaymentsController, TutorPaymentsController } from './payments.controller.js';
import { PaymentsAdminService } from './payments-admin.service.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { PayoutAccounts } from './payout-accounts.service.js';
import { StaleCheckoutsHandler } from './stale-checkouts.handler.js';
import { TransactionsAdminService } from './transactions-admin.service.js';
import { TransactionsRepository } from './transactions.repository.js';
import { createStripeClient, StripeGateway } from './stripe.gateway.js';
import './payments.mails.js';
import './payments.jobs.js';

/**
 * Payments: the ledger, checkouts through the configured gateway (Stripe when STRIPE_SECRET_KEY is
 * set, else the local test gateway), the webhook, refunds, payouts, and its admin slice (`payments.admin.controller.ts`
 * + `PaymentsAdminService`: the ledger's list, stats, details and status changes, audited; `TransactionsAdminService`:
 * the Transactions screen and its streamed CSV export). Exports `PayableItems`
 * (the port Essays and Tutoring register their items with) and `PaymentsService` (refunds; docs/architecture.md).
 */
@Module({
  imports: [UsersModule, AuditLogModule],
  controllers: [StudentPaymentsController, TutorPaymentsController, AdminPaymentsController, AdminTransactionsController, PaymentGatewayController],
  providers: [
    PayableItems,
    PaymentsRepository,
    PaymentsService,
    PaymentsAdminService,
    TransactionsRepository,
    TransactionsAdminService,
    PaymentWebhooks,
    LocalCheckout,
    StaleCheckoutsHandler,
    PayoutAccounts,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, PaymentsRepository, Clock],
      useFactory: (config: AppConfig, repository: PaymentsRepository, clock: Clock): PaymentGateway =>
        config.payments.stripeSecretKey
          ? new StripeGateway(createStripeClient(config))
          : new LocalGateway(repository, config.webOrigin.replace(/\/$/, ''), clock),
    },
  ],
  exports: [PayableItems, PaymentsService],
})
export class PaymentsModule {}
