import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res, type RawBodyRequest } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiExcludeEndpoint, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsIn } from 'class-validator';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import {
  GeneratePaymentUrlDto,
  PaymentStatusDto,
  PaymentUrlDto,
  PayoutAccountLinkDto,
  PayoutAccountStatusDto,
  TutorEssayPayoutDto,
  TutorPaymentStatusDto,
  TutorPaymentStatusResultDto,
  TutorSessionPayoutDto,
  UpdatePaymentStatusDto,
} from './dto/payments.dto.js';
import { LocalCheckout, type LocalCheckoutAction } from './local-checkout.service.js';
import { ITEM_KINDS } from './payable-items.service.js';
import { itemPaymentStatus } from './payment.presenter.js';
import { PaymentWebhooks } from './payment-webhooks.service.js';
import { PaymentsService } from './payments.service.js';
import { PayoutAccounts } from './payout-accounts.service.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Inject } from '@nestjs/common';
import { poundsFromPence } from '@redpen/shared/money';

const PAYMENT_MESSAGES = {
  completed: 'Payment successful',
  pending: 'Payment is being processed',
  failed: 'Payment failed',
  refunded: 'Payment refunded',
} as const;

/** The student's checkout calls. */
@ApiTags('payments')
@ApiBearerAuth()
@Roles('student')
@Controller('student')
export class StudentPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('generatePaymentUrl')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentUrlDto })
  @ApiNotFoundResponse({ description: 'No such essay or session of yours' })
  @ApiConflictResponse({ description: "Already paid (PAYMENT_ALREADY_PAID); an essay whose count is the student's estimate and not yet set by the tutor (WORD_COUNT_NOT_SET), or whose price the student has not confirmed since the tutor set it (PRICE_NOT_CONFIRMED)" })
  @ApiUnprocessableEntityResponse({ description: 'Not payable now (PAYMENT_NOT_PAYABLE)' })
  async generatePaymentUrl(@CurrentUser() user: AuthenticatedUser, @Body() body: GeneratePaymentUrlDto): Promise<PaymentUrlDto> {
    const [kind, id] = body.essayId ? [ITEM_KINDS.essay, body.essayId] : [ITEM_KINDS.tutoringSession, body.tutoringSessionId!];
    return { paymentUrl: await this.payments.checkoutUrl(user, kind, id) };
  }

  @Post('updatePaymentStatus')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentStatusDto, description: 'The state as the gateway reports it; the body never sets it' })
  @ApiNotFoundResponse({ description: 'No checkout of yours with that session id (PAYMENT_NOT_FOUND)' })
  async updatePaymentStatus(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdatePaymentStatusDto): Promise<PaymentStatusDto> {
    const row = await this.payments.checkoutStatus(user.id, body.sessionId);
    return {
      message: PAYMENT_MESSAGES[row.status],
      paymentStatus: itemPaymentStatus(row.status),
      status: row.status,
      paymentId: row.id,
      essayId: row.itemKind === ITEM_KINDS.essay ? row.itemId : null,
      tutoringSessionId: row.itemKind === ITEM_KINDS.tutoringSession ? row.itemId : null,
      amount: poundsFromPence(row.amountPence),
      amountPence: row.amountPence,
    };
  }
}

/** The tutor's payout calls; no checkout: the answer leads to /tutor/payment-success. */
@ApiTags('payments')
@ApiBearerAuth()
@Roles('tutor')
@Controller('tutor')
export class TutorPaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly accounts: PayoutAccounts,
  ) {}

  private static url(payoutId: string): PaymentUrlDto {
    return { paymentUrl: `/tutor/payment-success?payout_id=${payoutId}` };
  }

  @Post('generateTutorPaymentUrl')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentUrlDto })
  @ApiNotFoundResponse({ description: 'No such essay of yours' })
  @ApiUnprocessableEntityResponse({ description: 'Not eligible yet (PAYOUT_NOT_ELIGIBLE)' })
  async essayPayout(@CurrentUser() user: AuthenticatedUser, @Body() body: TutorEssayPayoutDto): Promise<PaymentUrlDto> {
    return TutorPaymentsController.url((await this.payments.requestPayout(user.id, ITEM_KINDS.essay, body.essayId)).id);
  }

  @Post('getPaidTutoringSessions')
  @HttpCode(200)
  @ApiOkResponse({ type: PaymentUrlDto })
  @ApiNotFoundResponse({ description: 'No such session of yours' })
  @ApiUnprocessableEntityResponse({ description: 'Not eligible yet (PAYOUT_NOT_ELIGIBLE)' })
  async sessionPayout(@CurrentUser() user: AuthenticatedUser, @Body() body: TutorSessionPayoutDto): Promise<PaymentUrlDto> {
    return TutorPaymentsController.url((await this.payments.requestPayout(user.id, ITEM_KINDS.tutoringSession, body.tutoringSessionID)).id);
  }

  @Post('payoutAccount/link')
  @HttpCode(200)
  @ApiOkResponse({ type: PayoutAccountLinkDto })
  @ApiConflictResponse({ description: 'No Stripe Connect here: payouts are recorded (PAYMENTS_UNAVAILABLE)' })
  async payoutAccountLink(@CurrentUser() user: AuthenticatedUser): Promise<PayoutAccountLinkDto> {
    return { url: await this.accounts.onboardingLink(user) };
  }

  @Get('payoutAccount')
  @ApiOkResponse({ type: PayoutAccountStatusDto })
  payoutAccount(@CurrentUser() user: AuthenticatedUser): Promise<PayoutAccountStatusDto> {
    return this.accounts.status(user.id);
  }

  @Post('updateTutorPaymentStatus')
  @HttpCode(200)
  @ApiOkResponse({ type: TutorPaymentStatusResultDto })
  @ApiNotFoundResponse({ description: '"Payment session not found. Please try again." (PAYMENT_NOT_FOUND)' })
  async payoutStatus(@CurrentUser() user: AuthenticatedUser, @Body() body: TutorPaymentStatusDto): Promise<TutorPaymentStatusResultDto> {
    const payout = body.payoutId
      ? await this.payments.payoutFor(user.id, body.payoutId)
      : body.sessionId
        ? await this.payments.payoutForReference(user.id, body.sessionId, ITEM_KINDS.tutoringSession)
        : await this.payments.payoutForItem(user.id, ITEM_KINDS.essay, body.essayId!);
    const message =
      payout.status === 'completed'
        ? 'Payment successful'
        : payout.status === 'pending'
          ? 'Payment is being processed'
          : 'Payment processing error. Please contact support.';
    return { message, status: payout.status, payoutId: payout.id, amount: poundsFromPence(payout.amountPence), amountPence: payout.amountPence };
  }
}

class LocalCheckoutActionDto {
  @IsIn(['pay', 'cancel', 'decline'], { message: 'Choose Pay, Cancel or Decline' })
  action: LocalCheckoutAction;
}

/** The gateway side: Stripe's webhook, and the local gateway's checkout page (public: the session id is the key). */
@ApiTags('payments')
@Public()
@Controller('payments')
export class PaymentGatewayController {
  constructor(
    private readonly webhooks: PaymentWebhooks,
    private readonly local: LocalCheckout,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Applied, or already applied before' })
  @ApiBadRequestResponse({ description: 'Missing, forged or stale signature (WEBHOOK_SIGNATURE_INVALID)' })
  async webhook(@Req() request: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true; result: string }> {
    return { received: true, result: await this.webhooks.handle(request.rawBody, signature) };
  }

  /** The page's form posts back here and is then sent on to the web app's return pages. */
  private csp(reply: FastifyReply): void {
    const web = new URL(this.config.webOrigin).origin;
    void reply.header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${web}; base-uri 'none'; frame-ancestors 'none'`,
    );
  }

  @Get('local-checkout/:sessionId')
  @ApiExcludeEndpoint()
  async checkoutPage(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply): Promise<void> {
    const html = await this.local.page(sessionId);
    this.csp(reply);
    await reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  @Post('local-checkout/:sessionId')
  @ApiExcludeEndpoint()
  async checkoutAction(@Param('sessionId') sessionId: string, @Body() body: LocalCheckoutActionDto, @Res() reply: FastifyReply): Promise<void> {
    const next = await this.local.act(sessionId, body.action);
    this.csp(reply);
    await reply.header('cache-control', 'no-store').redirect(next, 303);
  }
}
