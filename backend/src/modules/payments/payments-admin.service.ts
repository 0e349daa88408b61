import { Injectable, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import { pageOf, paginationOf } from '../../common/pagination.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { AuditLog } from '../admin/audit-log.service.js';
import type { PaymentRow } from './payments.schema.js';
import { UsersService } from '../users/users.service.js';
import type { PaymentDetailDto, PaymentListDto, PaymentListQueryDto, PaymentStatsDto, UpdatePaymentByAdminDto } from './dto/payments.dto.js';
import { presentPayment, presentPaymentDetail, presentStats } from './payment.presenter.js';
import { PaymentsRepository, type PaymentFilters, type PaymentWithParties } from './payments.repository.js';

/** A date-only bound (`2026-11-23`) means that whole day in UTC; a date-time is taken as given. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (end) return new Date(date.getTime() + (dateOnly ? 86_400_000 : 1));
  return date;
}

/** How long the stats figures are reused: an admin dashboard tile, not a balance to reconcile (docs/decisions.md). */
export const STATS_TTL_MS = 5_000;

/** The admins' view of the ledger: list, stats, details and status changes with an audit trail. */
@Injectable()
export class PaymentsAdminService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly users: UsersService,
  ) {}

  /** The rows with both parties' names and emails, from Users (one query for the page). */
  private async withParties(rows: PaymentRow[]): Promise<PaymentWithParties[]> {
    const ids = rows.flatMap((p) => [p.payerId, p.recipientId]).filter((id): id is string => id !== null);
    const parties = new Map((await this.users.contacts(ids)).map((c) => [c.id, c]));
    const party = (id: string | null) => (id === null ? null : (parties.get(id) ?? null));
    return rows.map((payment) => ({ payment, payer: party(payment.payerId), recipient: party(payment.recipientId) }));
  }

  async list(query: PaymentListQueryDto): Promise<PaymentListDto> {
    const { page, limit } = pageOf(query);
    const filters = {
      type: query.type,
      status: query.status,
      payerType: query.payerType,
      recipientType: query.recipientType,
      dateFrom: bound(query.dateFrom, false),
      dateBefore: bound(query.dateTo, true),
    };
    const [rows, total] = await Promise.all([this.repository.list(filters, page, limit), this.total(filters)]);
    return { payments: (await this.withParties(rows)).map(presentPayment), pagination: paginationOf(page, limit, total) };
  }

  private readonly counts = new Map<string, { at: number; value: Promise<number> }>();

  /**
   * The pager's total for a filter, reused for up to STATS_TTL_MS (the rows of the page are always read fresh):
   * paging through 100,000 rows then costs one count per filter every few seconds, not one per page.
   */
  private total(filters: PaymentFilters): Promise<number> {
    const key = JSON.stringify(filters);
    const now = this.clock.now().getTime();
    const cached = this.counts.get(key);
    if (cached && now - cached.at < STATS_TTL_MS) return cached.value;
    if (this.counts.size >= 200) this.counts.clear();
    const value = this.repository.count(filters);
    this.counts.set(key, { at: now, value });
    value.catch(() => this.counts.delete(key));
    return value;
  }

  private statsCache: { at: number; value: Promise<PaymentStatsDto> } | undefined;

  /** Totals over the whole ledger: computed at most once per STATS_TTL_MS per instance, concurrent callers sharing it. */
  stats(): Promise<PaymentStatsDto> {
    const now = this.clock.now().getTime();
    if (this.statsCache && now - this.statsCache.at < STATS_TTL_MS) return this.statsCache.value;
    const value = this.computeStats();
    this.statsCache = { at: now, value };
    value.catch(() => {
      if (this.statsCache?.value === value) this.statsCache = undefined;
    });
    return value;
  }

  private async computeStats(): Promise<PaymentStatsDto> {
    return { overall: presentStats(await this.repository.totals()) };
  }

  async get(id: string): Promise<PaymentDetailDto> {
    const found = await this.repository.findById(id);
    const [row] = found ? await this.withParties([found]) : [];
    if (!row) throw new NotFoundException(coded('PAYMENT_NOT_FOUND', 'Payment not found'));
    return presentPaymentDetail(row, await this.repository.statusChanges(id));
  }

  /**
   * Records an admin's decision on a row's status and notes, with who and when in the audit trail. It moves no
   * money (a refund goes through PaymentsService.refundPayment); the row is never deleted.
   */
  async updateStatus(adminId: string, id: string, body: UpdatePaymentByAdminDto): Promise<PaymentDetailDto> {
    const changed = await this.repository.transaction(async (tx) => {
      const result = await this.repository.setStatusByAdmin(id, { status: body.status, adminNotes: body.adminNotes, at: this.clock.now() }, tx);
      if (!result) return false;
      this.statsCache = undefined;
      this.counts.clear();
      await this.repository.recordStatusChange(
        { paymentId: id, changedBy: adminId, source: 'admin', fromStatus: result.before.status, toStatus: result.after.status, notes: body.adminNotes ?? null },
        tx,
      );
      await this.audit.record(
        {
          actorId: adminId,
          action: 'payment.status',
          subjectType: 'payment',
          subjectId: id,
          before: { status: result.before.status, adminNotes: result.before.adminNotes },
          after: { status: result.after.status, adminNotes: result.after.adminNotes },
          reason: body.adminNotes ?? null,
        },
        tx,
      );
      return true;
    });
    if (!changed) throw new NotFoundException(coded('PAYMENT_NOT_FOUND', 'Payment not found'));
    return this.get(id);
  }
}
