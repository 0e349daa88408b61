import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator.js';
import { Roles } from '../../common/decorators/roles.decorator.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { PaymentDetailDto, PaymentListDto, PaymentListQueryDto, PaymentResponseDto, PaymentStatsDto, UpdatePaymentByAdminDto } from './dto/payments.dto.js';
import { PaymentsAdminService } from './payments-admin.service.js';

/** The admins' payment calls (spec part 2 §7). */
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
  @ApiNotFoundResponse({ description: 'No such payment' })
  async get(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<PaymentResponseDto> {
    return { payment: await this.admin.get(id) };
  }

  @Put(':id/status')
  @ApiOkResponse({ type: PaymentResponseDto })
  @ApiNotFoundResponse({ description: 'No such payment' })
  @ApiForbiddenResponse({ description: 'Admins only' })
  async setStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() body: UpdatePaymentByAdminDto,
  ): Promise<PaymentResponseDto> {
    const payment: PaymentDetailDto = await this.admin.updateStatus(user.id, id, body);
    return { payment };
  }
}
