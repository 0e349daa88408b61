import { Body, Controller, Get, Header, NotFoundException, Param, ParseUUIDPipe, Put, Query, StreamableFile } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { PaymentDetailDto, PaymentListDto, PaymentListQueryDto, PaymentResponseDto, PaymentStatsDto, UpdatePaymentByAdminDto } from './dto/payments.dto.js';
import { TransactionFiltersDto, TransactionListDto, TransactionListQueryDto } from './dto/transactions.dto.js';
import { PaymentsAdminService } from './payments-admin.service.js';
import { TransactionsAdminService } from './transactions-admin.service.js';

/** A malformed id names no payment: 404 PAYMENT_NOT_FOUND, as an unknown one does. */
const paymentIdPipe = () => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(coded('PAYMENT_NOT_FOUND', 'Payment not found')) });

/** The admins' payment calls. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/payments')
export class AdminPaymentsController {
  constructor(private readonly admin: PaymentsAdminService) {}

  @Get()
  @ApiOkResponse({ type: PaymentListDto })
  list(@Query() query: PaymentListQueryDto): Promise<PaymentListDto> {
    return this.admin.list(query);
  }

  @Get('stats')
  @ApiOkResponse({ type: PaymentStatsDto })
  stats(): Promise<PaymentStatsDto> {
    return this.admin.stats();
  }

  @Get(':id')
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiNotFoundResponse({ description: 'No such payment (PAYMENT_NOT_FOUND)' })
  async get(@Param('id', paymentIdPipe()) id: string): Promise<PaymentResponseDto> {
    return { payment: await this.admin.get(id) };
  }

  @Put(':id/status')
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiNotFoundResponse({ description: 'No such payment (PAYMENT_NOT_FOUND)' })
  @ApiForbiddenResponse({ description: 'Admins only' })
  async setStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', paymentIdPipe()) id: string,
    @Body() body: UpdatePaymentByAdminDto,
  ): Promise<PaymentResponseDto> {
    const payment: PaymentDetailDto = await this.admin.updateStatus(user.id, id, body);
    return { payment };
  }
}

/** The Transactions screen on the real ledger, and its CSV export. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/transactions')
export class AdminTransactionsController {
  constructor(private readonly transactions: TransactionsAdminService) {}

  @Get()
  @ApiOkResponse({ type: TransactionListDto })
  list(@Query() query: TransactionListQueryDto): Promise<TransactionListDto> {
    return this.transactions.list(query);
  }

  @Get('export.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="transactions.csv"')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'Every transaction of the filter, newest first, streamed (amounts in pounds and in pence)', schema: { type: 'string' } })
  export(@Query() query: TransactionFiltersDto): StreamableFile {
    return new StreamableFile(this.transactions.exportCsv(query));
  }
}
