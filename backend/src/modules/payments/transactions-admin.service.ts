import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { poundsFromPence as pounds } from '@redpen/shared/money';
import { pageOf, paginationOf } from '../../common/pagination.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { TransactionDto, TransactionFiltersDto, TransactionListDto, TransactionListQueryDto } from './dto/transactions.dto.js';
import { rangeStart } from './london-ranges.js';
import { TransactionsRepository, type TransactionFilters, type TransactionRow } from './transactions.repository.js';
import { UsersService } from '../users/users.service.js';

/** A transaction with its user's name and email (Users' data, looked up a page or an export batch at a time). */
type NamedTransaction = TransactionRow & { userName: string | null; userEmail: string | null };


/** The columns of the CSV export, in order. */
export const CSV_HEADER = ['Transaction ID', 'Type', 'Status', 'User', 'Email', 'Date', 'Amount (GBP)', 'Amount (pence)', 'Description', 'Payment method'];

/**
 * The Transactions screen on the real ledger: ranges in London time, types,
 * a search by any part of a transaction id, a pager and the range's totals; the CSV export of the same filter streams from a
 * database cursor, a batch at a time, so 100,000 rows never sit in memory (docs/benchmarks.md, scenario `admin`).
 */
@Injectable()
export class TransactionsAdminService {
  constructor(
    private readonly repository: TransactionsRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
  ) {}

  /** The rows with their users' names and emails, in one lookup for the lot. */
  private async named(rows: TransactionRow[]): Promise<NamedTransaction[]> {
    const contacts = new Map((await this.users.contacts(rows.flatMap((row) => (row.userId ? [row.userId] : [])))).map((c) => [c.id, c]));
    return rows.map((row) => {
      const contact = row.userId ? contacts.get(row.userId) : undefined;
      return { ...row, userName: contact?.name ?? null, userEmail: contact?.email ?? null };
    });
  }

  async list(query: TransactionListQueryDto): Promise<TransactionListDto> {
    const filters = this.filters(query);
    const { page, limit, offset } = pageOf(query);
    // The tiles are the range's and type's totals whatever the search box holds; the pager counts what it matches.
    const [rows, summary, matching] = await Promise.all([
      this.repository.page(filters, offset, limit),
      this.repository.summary({ ...filters, idContains: undefined }),
      filters.idContains ? this.repository.summary(filters) : undefined,
    ]);
    const net = summary.revenuePence - summary.payoutsPence;
    return {
      transactions: (await this.named(rows)).map(present),
      summary: {
        totalRevenue: pounds(summary.revenuePence),
        totalRevenuePence: summary.revenuePence,
        totalPayouts: pounds(summary.payoutsPence),
        totalPayoutsPence: summary.payoutsPence,
        netRevenue: pounds(net),
        netRevenuePence: net,
      },
      pagination: paginationOf(page, limit, (matching ?? summary).count),
    };
  }

  /** The filtered rows as CSV text, pulled a batch at a time by the response (backpressure ends at the cursor). */
  exportCsv(query: TransactionFiltersDto): Readable {
    const rows = this.repository.stream(this.filters(query));
    const named = (batch: TransactionRow[]) => this.named(batch);
    async function* lines(): AsyncGenerator<string> {
      yield `${CSV_HEADER.map(csvCell).join(',')}\r\n`;
      for await (const batch of rows) yield (await named(batch)).map((row) => csvLine(row)).join('');
    }
    return Readable.from(lines(), { objectMode: false });
  }

  private filters(query: TransactionFiltersDto): TransactionFilters {
    const now = this.clock.now();
    const range = query.range ?? 'all';
    return {
      from: rangeStart(range, now),
      // A range ends now (All Time has no end: nothing is later than now anyway).
      before: range === 'all' ? undefined : new Date(now.getTime() + 1),
      kind: query.type && query.type !== 'all' ? query.type : undefined,
      idContains: query.search,
    };
  }
}

function present(row: NamedTransaction): TransactionDto {
  return {
    id: row.id,
    type: row.kind,
    status: row.status,
    amount: pounds(row.amountPence),
    amountPence: row.amountPence,
    currency: 'GBP',
    createdAt: row.at.toISOString(),
    description: row.description,
    paymentMethod: row.paymentMethod,
    user: { name: row.userName, email: row.userEmail },
    itemKind: row.itemKind,
    itemId: row.itemId,
  };
}

function csvLine(row: NamedTransaction): string {
  const cells = [row.id, row.kind, row.status, row.userName ?? '', row.userEmail ?? '', row.at.toISOString(), pounds(row.amountPence).toFixed(2), String(row.amountPence), row.description, row.paymentMethod];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** RFC 4180 quoting, and a leading = + - @ neutralised so a spreadsheet never runs a cell as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) || (/^-/.test(value) && !/^-\d+(\.\d+)?$/.test(value)) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
