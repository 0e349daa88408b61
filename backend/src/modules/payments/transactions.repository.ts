import { Inject, Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { DRIZZLE, PG_POOL } from '../../infra/database/database.module.js';
import type { Database } from '../../infra/database/database.types.js';
import { containsPattern } from '../../infra/database/like.js';
import { payments } from './payments.schema.js';

/** The Transactions screen's types (without subscriptions: the platform has none). */
export const TRANSACTION_KINDS = ['essay_review', 'tutoring_session', 'payout', 'refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export interface TransactionFilters {
  /** Inclusive lower bound (the range's start, London time already resolved). */
  from?: Date;
  /** Exclusive upper bound: a range ends now. */
  before?: Date;
  kind?: TransactionKind;
  /** Any part of a transaction id, in any case (the search box). */
  idContains?: string;
}

/** One movement of money on the ledger: a charge, a payout (negative) or a refund (negative), newest first. */
export interface TransactionRow {
  id: string;
  kind: TransactionKind;
  status: string;
  amountPence: number;
  at: Date;
  description: string;
  paymentMethod: string;
  /** The student who paid or the tutor paid (the service names them through UsersService); null for neither. */
  userId: string | null;
  itemKind: string;
  itemId: string;
}

/** Rows a CSV export fetches from its cursor at a time: memory stays flat whatever the number of rows. */
export const EXPORT_BATCH = 500;

const dialect = new PgDialect();

/**
 * The ledger read as transactions (docs/architecture.md "admin (the admin area)"): every payments row is one (a student's charge
 * positive, a tutor's payout negative), and every refund one more (negative, at the refund's time). A read model
 * over Payments' own table; the export streams it through a server-side cursor instead of loading it.
 */
@Injectable()
export class TransactionsRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async page(filters: TransactionFilters, offset: number, limit: number): Promise<TransactionRow[]> {
    const result = await this.db.execute<RawRow>(sql`${selectTransactions(filters)} order by at desc, id desc, kind limit ${limit} offset ${offset}`);
    return result.rows.map(toRow);
  }

  /**
   * The count and the range's totals, from the same rows: revenue is what students paid less what was refunded,
   * payouts what tutors were paid; only money that moved counts (completed, or paid then refunded).
   */
  async summary(filters: TransactionFilters): Promise<{ count: number; revenuePence: number; payoutsPence: number }> {
    const result = await this.db.execute<{ count: number; revenue: string | null; payouts: string | null }>(sql`
      select count(*)::int as count,
        coalesce(sum(amount_pence) filter (where kind <> 'payout' and status in ('completed', 'refunded')), 0) as revenue,
        coalesce(-sum(amount_pence) filter (where kind = 'payout' and status in ('completed', 'refunded')), 0) as payouts
      from (${selectTransactions(filters)}) t`);
    const row = result.rows[0]!;
    return { count: Number(row.count), revenuePence: Number(row.revenue ?? 0), payoutsPence: Number(row.payouts ?? 0) };
  }

  /**
   * Every row of the filter, newest first, `EXPORT_BATCH` at a time from a server-side cursor on one connection
   * (a read-only transaction), released however the consumer stops.
   */
  async *stream(filters: TransactionFilters): AsyncGenerator<TransactionRow[]> {
    const query = dialect.sqlToQuery(sql`${selectTransactions(filters)} order by at desc, id desc, kind`);
    const client = await this.pool.connect();
    let failed = false;
    try {
      await client.query('begin read only');
      await client.query({ text: `declare transactions_export no scroll cursor for ${query.sql}`, values: query.params });
      for (;;) {
        const batch = await client.query<RawRow>(`fetch ${EXPORT_BATCH} from transactions_export`);
        if (batch.rows.length === 0) break;
        yield batch.rows.map(toRow);
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      await client.query(failed ? 'rollback' : 'commit').catch(() => undefined);
      client.release();
    }
  }
}

type RawRow = {
  id: string;
  kind: TransactionKind;
  status: string;
  amount_pence: number | string;
  at: Date | string;
  description: string;
  payment_method: string;
  user_id: string | null;
  item_kind: string;
  item_id: string;
};

function toRow(raw: RawRow): TransactionRow {
  return {
    id: raw.id,
    kind: raw.kind,
    status: raw.status,
    amountPence: Number(raw.amount_pence),
    at: raw.at instanceof Date ? raw.at : new Date(raw.at),
    description: raw.description,
    paymentMethod: raw.payment_method,
    userId: raw.user_id,
    itemKind: raw.item_kind,
    itemId: raw.item_id,
  };
}

/** A refund's own transaction id: its payment's id after this prefix (the two are never the same id). */
export const REFUND_ID_PREFIX = 'refund-';

/** The transactions of the filter (a union of the ledger's rows and its refunds), unordered. */
function selectTransactions(filters: TransactionFilters): SQL {
  const p = payments;
  const kindOf = sql`case ${p.type} when 'student_essay_payment' then 'essay_review' when 'student_tutoring_payment' then 'tutoring_session' else 'payout' end`;
  const movement = (id: SQL, kind: SQL, status: SQL, amount: SQL, at: SQL, only: SQL) => {
    const conditions: SQL[] = [only];
    if (filters.from) conditions.push(sql`${at} >= ${filters.from.toISOString()}::timestamptz`);
    if (filters.before) conditions.push(sql`${at} < ${filters.before.toISOString()}::timestamptz`);
    if (filters.idContains) conditions.push(sql`${id} ilike ${containsPattern(filters.idContains)}`);
    if (filters.kind) conditions.push(sql`${kind} = ${filters.kind}`);
    return sql`select ${id} as id, ${kind} as kind, ${status} as status, ${amount} as amount_pence, ${at} as at, ${p.description} as description,
        ${p.paymentMethod}::text as payment_method, coalesce(${p.payerId}, ${p.recipientId}) as user_id, ${p.itemKind} as item_kind, ${p.itemId}::text as item_id
      from ${p}
      where ${sql.join(conditions, sql` and `)}`;
  };
  const charge = movement(sql`${p.id}::text`, kindOf, sql`${p.status}::text`, sql`case when ${p.payerType} = 'platform' then -${p.amountPence} else ${p.amountPence} end`, sql`${p.createdAt}`, sql`true`);
  const refund = movement(sql`${REFUND_ID_PREFIX} || ${p.id}::text`, sql`'refund'`, sql`'completed'`, sql`-${p.refundedAmountPence}`, sql`${p.refundedAt}`, sql`${p.refundedAt} is not null and ${p.refundedAmountPence} > 0`);
  return sql`select * from (${charge} union all ${refund}) transactions`;
}
