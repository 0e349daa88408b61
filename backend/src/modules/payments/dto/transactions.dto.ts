import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { DATE_RANGES } from '../london-ranges.js';
import { TRANSACTION_KINDS } from '../transactions.repository.js';
import { PageQueryDto, PaginationDto } from '../../../common/pagination.js';

const emptyToUndefined = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** `GET /admin/transactions` and its CSV export (the same filters). */
export class TransactionFiltersDto {
  @ApiPropertyOptional({ enum: DATE_RANGES, default: 'all', description: 'All Time, Today, This Week (from Monday), This Month, This Year, in Europe/London' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(DATE_RANGES, { message: 'Unknown date range' })
  range?: (typeof DATE_RANGES)[number];

  @ApiPropertyOptional({ enum: ['all', ...TRANSACTION_KINDS], default: 'all', description: 'All Types, Essay Reviews, Tutoring Sessions, Payouts, Refunds' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(['all', ...TRANSACTION_KINDS], { message: 'Unknown transaction type' })
  type?: 'all' | (typeof TRANSACTION_KINDS)[number];

  @ApiPropertyOptional({ description: 'Any part of a transaction id, in any case (the last 8 characters shown on Payments, say); other text matches nothing', maxLength: 64 })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(64, { message: 'search must be at most 64 characters' })
  search?: string;
}

/** The filters and a page of them (the CSV export takes the filters alone). */
export class TransactionListQueryDto extends IntersectionType(TransactionFiltersDto, PageQueryDto) {}

class TransactionUserDto {
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Shown as the payment-method email; a dash when null' }) email: string | null;
}

export class TransactionDto {
  @ApiProperty({ description: "The ledger row's id; a refund's is its payment's id after 'refund-'" }) id: string;
  @ApiProperty({ enum: TRANSACTION_KINDS }) type: (typeof TRANSACTION_KINDS)[number];
  @ApiProperty({ description: 'pending, completed, failed or refunded' }) status: string;
  @ApiProperty({ description: 'Pounds; payouts and refunds negative' }) amount: number;
  @ApiProperty({ description: 'Integer pence; payouts and refunds negative' }) amountPence: number;
  @ApiProperty({ example: 'GBP' }) currency: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() description: string;
  @ApiProperty() paymentMethod: string;
  @ApiProperty({ type: TransactionUserDto, description: 'The student who paid, or the tutor paid' }) user: TransactionUserDto;
  @ApiProperty({ description: 'essay or tutoring_session' }) itemKind: string;
  @ApiProperty({ format: 'uuid' }) itemId: string;
}

export class TransactionSummaryDto {
  @ApiProperty({ description: 'Pounds: paid by students less refunds, in the range' }) totalRevenue: number;
  @ApiProperty() totalRevenuePence: number;
  @ApiProperty({ description: 'Pounds: paid to tutors, in the range' }) totalPayouts: number;
  @ApiProperty() totalPayoutsPence: number;
  @ApiProperty({ description: 'Pounds: revenue less payouts (the sum of the Amount column over completed and refunded rows)' }) netRevenue: number;
  @ApiProperty() netRevenuePence: number;
}

export class TransactionListDto {
  @ApiProperty({ type: [TransactionDto] }) transactions: TransactionDto[];
  @ApiProperty({ type: TransactionSummaryDto }) summary: TransactionSummaryDto;
  @ApiProperty({ type: PaginationDto, description: 'totalPayments is the number of transactions matching' }) pagination: PaginationDto;
}
