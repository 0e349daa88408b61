import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto, PaginationDto } from '../../../common/pagination.js';
import { Transform } from 'class-transformer';
import { IsDateString, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';

export const PAYMENT_TYPES = ['student_essay_payment', 'tutor_essay_payment', 'student_tutoring_payment', 'tutor_tutoring_payment'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export const PARTY_TYPES = ['student', 'tutor', 'platform'] as const;
export const PAYMENT_METHODS = ['stripe_card', 'local_test', 'stripe_transfer', 'recorded_payout'] as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `POST /student/generatePaymentUrl`: one of the two. */
export class GeneratePaymentUrlDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @ValidateIf((o: GeneratePaymentUrlDto) => o.tutoringSessionId === undefined)
  @IsUUID('all', { message: 'Please choose an essay or a tutoring session to pay for' })
  essayId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @ValidateIf((o: GeneratePaymentUrlDto) => o.essayId === undefined)
  @IsUUID('all', { message: 'Please choose an essay or a tutoring session to pay for' })
  tutoringSessionId?: string;
}

export class PaymentUrlDto {
  @ApiProperty({ description: 'Where to send the browser: the checkout page (students) or /tutor/payment-success?payout_id=… (tutors)' })
  paymentUrl: string;
}

/** `POST /student/updatePaymentStatus`: only `sessionId` is read; the spec's client also sends the rest, which is ignored. */
export class UpdatePaymentStatusDto {
  @ApiProperty({ description: 'The checkout session id from the return URL (`session_id`)' })
  @Transform(trim)
  @IsString({ message: 'Payment information not found. Please check your essays page.' })
  @MinLength(1, { message: 'Payment information not found. Please check your essays page.' })
  @MaxLength(255, { message: 'Payment information not found. Please check your essays page.' })
  sessionId: string;

  @ApiPropertyOptional({ description: 'Ignored: the essay comes from the checkout' }) @IsOptional() essayId?: unknown;
  @ApiPropertyOptional({ description: 'Ignored: the status comes from the gateway' }) @IsOptional() paymentStatus?: unknown;
  @ApiPropertyOptional({ description: 'Ignored: the amount comes from the ledger' }) @IsOptional() amount?: unknown;
}

export class PaymentStatusDto {
  @ApiProperty() message: string;
  @ApiProperty({ enum: ['Pending', 'Paid', 'Failed', 'Refunded'], description: "The item's paymentStatus as the spec's screens name it" })
  paymentStatus: 'Pending' | 'Paid' | 'Failed' | 'Refunded';
  @ApiProperty({ enum: PAYMENT_STATUSES }) status: (typeof PAYMENT_STATUSES)[number];
  @ApiProperty({ format: 'uuid', description: 'The ledger row' }) paymentId: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) essayId: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) tutoringSessionId: string | null;
  @ApiProperty({ description: 'Pounds with at most 2 decimals' }) amount: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) amountPence: number;
}

export class TutorEssayPayoutDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Failed to generate payment URL. Please try again.' })
  essayId: string;
}

export class TutorSessionPayoutDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'Failed to generate payment link' })
  tutoringSessionID: string;
}

const PAYOUT_NOT_FOUND = 'Payment session not found. Please try again.';
const noPayoutNamed = (o: TutorPaymentStatusDto) => o.payoutId === undefined && o.sessionId === undefined && o.essayId === undefined;
/** A reference is any short string: one that names no payout of the tutor's (a made-up id too) is 404 PAYMENT_NOT_FOUND. */
const PayoutReference = (): PropertyDecorator => (target, key) => {
  IsString({ message: PAYOUT_NOT_FOUND })(target, key);
  MaxLength(255, { message: PAYOUT_NOT_FOUND })(target, key);
};

/**
 * `POST /tutor/updateTutorPaymentStatus` ("essayId (the tutor profile calls also name sessionId and
 * amount)"): names the payout by its id (`payoutId`, or `sessionId`: the return page's `session_id`/`payout_id`), by
 * the tutoring session it paid (`sessionId`), or by the essay it paid (`essayId`); the first of these that is given
 * is used. `amount` is read by nobody: the ledger's amount is answered.
 */
export class TutorPaymentStatusDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The payout, from /tutor/payment-success?payout_id=…' })
  @ValidateIf((o: TutorPaymentStatusDto) => o.payoutId !== undefined || noPayoutNamed(o))
  @PayoutReference()
  payoutId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "The return page's session_id (the payout's id), or the tutoring session paid out" })
  @IsOptional() @PayoutReference()
  sessionId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The essay paid out' })
  @IsOptional() @PayoutReference()
  essayId?: string;

  @ApiPropertyOptional({ description: 'Ignored: the amount comes from the ledger' }) @IsOptional() amount?: unknown;
}

export class TutorPaymentStatusResultDto {
  @ApiProperty() message: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) status: (typeof PAYMENT_STATUSES)[number];
  @ApiProperty({ format: 'uuid' }) payoutId: string;
  @ApiProperty({ description: 'Pounds with at most 2 decimals' }) amount: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) amountPence: number;
}

export class PaymentUserDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class PaymentPartyDto {
  @ApiProperty({ type: PaymentUserDto, nullable: true, description: 'null for the platform' }) userId: PaymentUserDto | null;
  @ApiProperty({ enum: PARTY_TYPES }) userType: (typeof PARTY_TYPES)[number];
}

export class PaymentEssayDto {
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) academicLevel: string | null;
}

export class PaymentStatusChangeDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) changedBy: string | null;
  @ApiProperty() source: string;
  @ApiProperty({ type: String, enum: PAYMENT_STATUSES, nullable: true }) from: string | null;
  @ApiProperty({ enum: PAYMENT_STATUSES }) to: string;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ format: 'date-time' }) at: string;
}

/** A ledger row as the spec's admin screens read it; money in pounds (GBP), each amount with its pence twin. */
export class PaymentDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: PAYMENT_TYPES }) type: (typeof PAYMENT_TYPES)[number];
  @ApiProperty({ description: 'Pounds with at most 2 decimals' }) amount: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) amountPence: number;
  @ApiProperty({ example: 'GBP' }) currency: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) status: (typeof PAYMENT_STATUSES)[number];
  @ApiProperty({ type: String, nullable: true }) stripeSessionId: string | null;
  @ApiProperty({ enum: PAYMENT_METHODS }) paymentMethod: (typeof PAYMENT_METHODS)[number];
  @ApiProperty({ type: PaymentPartyDto }) payer: PaymentPartyDto;
  @ApiProperty({ type: PaymentPartyDto }) recipient: PaymentPartyDto;
  @ApiProperty({ enum: PARTY_TYPES }) payerType: (typeof PARTY_TYPES)[number];
  @ApiProperty({ enum: PARTY_TYPES }) recipientType: (typeof PARTY_TYPES)[number];
  @ApiProperty({ description: 'Pounds with at most 2 decimals' }) platformCommission: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) platformCommissionPence: number;
  @ApiProperty({ description: 'Pounds with at most 2 decimals' }) tutorEarnings: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) tutorEarningsPence: number;
  @ApiProperty({ type: PaymentEssayDto, nullable: true }) essay: PaymentEssayDto | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) essayId: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) tutoringSessionId: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) refundedAt: string | null;
  @ApiProperty({ description: 'Pounds with at most 2 decimals' }) refundedAmount: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) refundedAmountPence: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) metadata: Record<string, string>;
  @ApiProperty({ type: String, nullable: true }) adminNotes: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class PaymentDetailDto extends PaymentDto {
  @ApiProperty({ type: [PaymentStatusChangeDto], description: 'Every status change, oldest first' }) history: PaymentStatusChangeDto[];
}

export class PaymentListDto {
  @ApiProperty({ type: [PaymentDto] }) payments: PaymentDto[];
  @ApiProperty({ type: PaginationDto }) pagination: PaginationDto;
}

export class PaymentResponseDto {
  @ApiProperty({ type: PaymentDetailDto }) payment: PaymentDetailDto;
}

export class OverallStatsDto {
  @ApiProperty({ description: 'studentPayments − tutorPayments, pounds with at most 2 decimals' }) netProfit: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) netProfitPence: number;
  @ApiProperty({ description: 'Completed student payments, pounds with at most 2 decimals (refunded ones excluded)' }) studentPayments: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) studentPaymentsPence: number;
  @ApiProperty({ description: 'Completed tutor payouts, pounds with at most 2 decimals' }) tutorPayments: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) tutorPaymentsPence: number;
  @ApiProperty() studentPaymentsCount: number;
  @ApiProperty() tutorPaymentsCount: number;
  @ApiProperty({ description: 'Refunded student payments, pounds with at most 2 decimals' }) refunds: number;
  @ApiProperty({ type: 'integer', description: 'The same amount in integer pence' }) refundsPence: number;
  @ApiProperty() refundsCount: number;
}

export class PaymentStatsDto {
  @ApiProperty({ type: OverallStatsDto }) overall: OverallStatsDto;
}

const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' || value === 'all' ? undefined : value);

/** `GET /admin/payments` query. */
export class PaymentListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: PAYMENT_TYPES }) @IsOptional() @Transform(emptyToUndefined) @IsIn(PAYMENT_TYPES, { message: 'Unknown payment type' }) type?: (typeof PAYMENT_TYPES)[number];
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES }) @IsOptional() @Transform(emptyToUndefined) @IsIn(PAYMENT_STATUSES, { message: 'Unknown payment status' }) status?: (typeof PAYMENT_STATUSES)[number];
  @ApiPropertyOptional({ enum: PARTY_TYPES }) @IsOptional() @Transform(emptyToUndefined) @IsIn(PARTY_TYPES, { message: 'Unknown payer type' }) payerType?: (typeof PARTY_TYPES)[number];
  @ApiPropertyOptional({ enum: PARTY_TYPES }) @IsOptional() @Transform(emptyToUndefined) @IsIn(PARTY_TYPES, { message: 'Unknown recipient type' }) recipientType?: (typeof PARTY_TYPES)[number];

  @ApiPropertyOptional({ description: 'Created on or after (ISO date or date-time; a date means its start, UTC)' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsDateString({}, { message: 'dateFrom must be a date' })
  dateFrom?: string;

  @ApiPropertyOptional({ description: 'Created on or before (a date includes the whole day, UTC)' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsDateString({}, { message: 'dateTo must be a date' })
  dateTo?: string;
}

/** `PUT /admin/payments/{id}/status`. */
export class UpdatePaymentByAdminDto {
  @ApiProperty({ enum: PAYMENT_STATUSES })
  @IsIn(PAYMENT_STATUSES, { message: 'Please choose a valid status' })
  status: (typeof PAYMENT_STATUSES)[number];

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Admin notes must be text' })
  @MaxLength(2000, { message: 'Admin notes must be at most 2000 characters' })
  adminNotes?: string;
}

export class PayoutAccountLinkDto {
  @ApiProperty({ description: 'Stripe-hosted onboarding page; it returns to /tutor/profile?payouts=done' }) url: string;
}

export class PayoutAccountStatusDto {
  @ApiProperty({ description: 'Payouts can go to an account of the tutor (Stripe Connect configured); otherwise they are recorded' }) available: boolean;
  @ApiProperty() connected: boolean;
  @ApiProperty() payoutsEnabled: boolean;
  @ApiProperty() detailsSubmitted: boolean;
}
