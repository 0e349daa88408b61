import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { Clock } from '../../infra/clock/clock.service.js';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx } from '../../infra/database/database.types.js';
import { paymentEvents, payments, paymentStatusChanges, payoutAccounts, type NewPaymentRow, type PaymentRow, type PayoutAccountRow } from './payments.schema.js';

export type PaymentStatus = PaymentRow['status'];
export type PaymentType = PaymentRow['type'];
export type PartyType = PaymentRow['payerType'];

const STUDENT_TYPES: PaymentType[] = ['student_essay_payment', 'student_tutoring_payment'];
const TUTOR_TYPES: PaymentType[] = ['tutor_essay_payment', 'tutor_tutoring_payment'];

export interface PaymentFilters {
  type?: PaymentType;
  status?: PaymentStatus;
  payerType?: PartyType;
  recipientType?: PartyType;
  dateFrom?: Date;
  /** Exclusive upper bound. */
  dateBefore?: Date;
}

export interface Party {
  id: string;
  name: string;
  email: string;
}

/** A ledger row with the names of its two sides, for the admin screens. */
export interface PaymentWithParties {
  payment: PaymentRow;
  payer: Party | null;
  recipient: Party | null;
}

export interface StatusChange {
  paymentId: string;
  changedBy: string | null;
  source: string;
  fromStatus: PaymentStatus | null;
  toStatus: PaymentStatus;
  notes?: string | null;
}

/** The ledger's queries: every write is a guarded statement (`… WHERE status = $expected RETURNING`), never read-then-write. */
/**
 * A prepared statement's name for one shape of a query (its SQL text; the filter values are parameters): the
 * admin list's filters make a handful of shapes, and PostgreSQL then plans each once per connection instead of
 * on every request — planning cost more than running the page (docs/benchmarks.md, scenario `payments`).
 */
function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
}

@Injectable()
export class PaymentsRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Inserts a pending charge, or nothing when the item already has a live one (the partial unique index decides). */
  async insertCharge(values: NewPaymentRow, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The item's pending or completed student payment, locked until the transaction ends when asked. */
  async findLiveCharge(itemKind: string, itemId: string, tx: DbOrTx = this.db, lock = false): Promise<PaymentRow | undefined> {
    const query = tx
      .select()
      .from(payments)
      .where(and(eq(payments.itemKind, itemKind), eq(payments.itemId, itemId), inArray(payments.type, STUDENT_TYPES), inArray(payments.status, ['pending', 'completed'])))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** What the tutor has been paid out in all (completed payouts), in pence: the tutor dashboard's earnings. */
  async paidOutToTutor(tutorId: string, tx: DbOrTx = this.db): Promise<number> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${payments.amountPence}), 0)` })
      .from(payments)
      .where(and(eq(payments.recipientId, tutorId), inArray(payments.type, TUTOR_TYPES), eq(payments.status, 'completed')));
    return Number(row?.total ?? 0);
  }

  /** The item's completed student payment (what a payout pays the tutor's share of). */
  async findCompletedCharge(itemKind: string, itemId: string, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.itemKind, itemKind), eq(payments.itemId, itemId), inArray(payments.type, STUDENT_TYPES), eq(payments.status, 'completed')))
      .limit(1);
    return row;
  }

  async setCheckout(id: string, sessionId: string, url: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(payments).set({ stripeSessionId: sessionId, checkoutUrl: url, updatedAt: this.clock.now() }).where(eq(payments.id, id));
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  async findBySessionId(sessionId: string, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.stripeSessionId, sessionId)).limit(1);
    return row;
  }

  async findByPaymentIntent(paymentIntentId: string, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.stripePaymentIntentId, paymentIntentId)).limit(1);
    return row;
  }

  /** Student checkouts still pending and untouched since `before` (opened or last asked about), least recent first. */
  async findStalePending(before: Date, limit: number, tx: DbOrTx = this.db): Promise<PaymentRow[]> {
    return tx
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), inArray(payments.type, STUDENT_TYPES), lt(payments.updatedAt, before), sql`${payments.stripeSessionId} is not null`))
      .orderBy(payments.updatedAt)
      .limit(limit);
  }

  /** Marks a pending row as just asked about, so the sweeper asks again only after its interval. */
  async touchPending(id: string, at: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(payments).set({ updatedAt: at }).where(and(eq(payments.id, id), eq(payments.status, 'pending')));
  }

  /** pending → completed, once: the row when this call completed it, undefined when it was not pending. */
  async completeCharge(sessionId: string, values: { paidAt: Date; paymentIntentId: string | null }, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ status: 'completed', paidAt: values.paidAt, stripePaymentIntentId: values.paymentIntentId, updatedAt: values.paidAt })
      .where(and(eq(payments.stripeSessionId, sessionId), eq(payments.status, 'pending')))
      .returning();
    return row;
  }

  /** pending → failed, once (expired checkout, failed asynchronous payment, declined card). */
  async failCharge(sessionId: string, values: { at: Date; reason: string }, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ status: 'failed', failedAt: values.at, updatedAt: values.at, metadata: sql`${payments.metadata} || ${JSON.stringify({ failureReason: values.reason })}::jsonb` })
      .where(and(eq(payments.stripeSessionId, sessionId), eq(payments.status, 'pending')))
      .returning();
    return row;
  }

  /** Claims the right to refund a completed payment; only one caller ever gets the row back. */
  async claimRefund(id: string, at: Date, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({ refundRequestedAt: at, updatedAt: at })
      .where(and(eq(payments.id, id), eq(payments.status, 'completed'), isNull(payments.refundRequestedAt), eq(payments.refundedAmountPence, 0)))
      .returning();
    return row;
  }

  /** Gives a claim back when the gateway refused the refund, so it can be tried again. */
  async releaseRefundClaim(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(payments).set({ refundRequestedAt: null }).where(and(eq(payments.id, id), eq(payments.status, 'completed')));
  }

  /** completed → refunded in full, once. */
  async markRefunded(id: string, values: { at: Date; reference: string | null }, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({
        status: 'refunded',
        refundedAt: values.at,
        refundedAmountPence: sql`${payments.amountPence}`,
        refundRequestedAt: sql`coalesce(${payments.refundRequestedAt}, ${values.at.toISOString()}::timestamptz)`,
        updatedAt: values.at,
        ...(values.reference ? { metadata: sql`${payments.metadata} || ${JSON.stringify({ refundId: values.reference })}::jsonb` } : {}),
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'completed')))
      .returning();
    return row;
  }

  /** Records part of a payment refunded at the gateway (the row stays completed; never more than the amount). */
  async recordPartialRefund(id: string, refundedPence: number, at: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .update(payments)
      .set({ refundedAmountPence: sql`least(${payments.amountPence}, greatest(${payments.refundedAmountPence}, ${refundedPence}))`, updatedAt: at })
      .where(and(eq(payments.id, id), eq(payments.status, 'completed')));
  }

  /** Inserts a payout, or nothing when the item already has one (the unique index decides). */
  async insertPayout(values: NewPaymentRow, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findPayout(itemKind: string, itemId: string, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.itemKind, itemKind), eq(payments.itemId, itemId), inArray(payments.type, TUTOR_TYPES)))
      .limit(1);
    return row;
  }

  /** Settles a pending payout with the gateway's answer. */
  async settlePayout(id: string, values: { status: 'completed' | 'failed'; reference: string | null; method: PaymentRow['paymentMethod']; at: Date }, tx: DbOrTx = this.db): Promise<PaymentRow | undefined> {
    const [row] = await tx
      .update(payments)
      .set({
        status: values.status,
        gatewayReference: values.reference,
        paymentMethod: values.method,
        updatedAt: values.at,
        ...(values.status === 'completed' ? { paidAt: values.at } : { failedAt: values.at }),
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning();
    return row;
  }

  /** Runs `work` in a transaction holding a lock on this tutor's payout account (created at most once). */
  withPayoutAccountLock<T>(tutorId: string, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-account.${tutorId}`}))`);
      return work(tx);
    });
  }

  async findPayoutAccount(tutorId: string, tx: DbOrTx = this.db): Promise<PayoutAccountRow | undefined> {
    const [row] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.tutorId, tutorId)).limit(1);
    return row;
  }

  /** Stores the tutor's account, or keeps the one already stored (the first wins); returns the stored row. */
  async savePayoutAccount(values: { tutorId: string; stripeAccountId: string; payoutsEnabled: boolean; detailsSubmitted: boolean }, tx: DbOrTx = this.db): Promise<PayoutAccountRow> {
    await tx.insert(payoutAccounts).values(values).onConflictDoNothing();
    return (await this.findPayoutAccount(values.tutorId, tx))!;
  }

  async updatePayoutAccount(stripeAccountId: string, values: { payoutsEnabled: boolean; detailsSubmitted: boolean }, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(payoutAccounts).set({ ...values, updatedAt: this.clock.now() }).where(eq(payoutAccounts.stripeAccountId, stripeAccountId));
  }

  /** Records a gateway event as applied; false when it already was (the caller then changes nothing). */
  async recordEvent(id: string, type: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
    return rows.length === 1;
  }

  async recordStatusChange(change: StatusChange, tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(paymentStatusChanges).values({ ...change, notes: change.notes ?? null });
  }

  async statusChanges(paymentId: string, tx: DbOrTx = this.db) {
    return tx.select().from(paymentStatusChanges).where(eq(paymentStatusChanges.paymentId, paymentId)).orderBy(paymentStatusChanges.createdAt);
  }

  /** An admin's change of status and notes, on the locked row: the previous status, or undefined when there is no such row. */
  async setStatusByAdmin(id: string, values: { status: PaymentStatus; adminNotes?: string; at: Date }, tx: DbOrTx): Promise<{ before: PaymentRow; after: PaymentRow } | undefined> {
    const [before] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
    if (!before) return undefined;
    const timestamps: Partial<NewPaymentRow> = {};
    if (values.status !== before.status) {
      if (values.status === 'completed' && !before.paidAt) timestamps.paidAt = values.at;
      if (values.status === 'failed') timestamps.failedAt = values.at;
      if (values.status === 'refunded') {
        timestamps.refundedAt = values.at;
        timestamps.refundedAmountPence = before.amountPence;
      }
    }
    const [after] = await tx
      .update(payments)
      .set({ status: values.status, ...(values.adminNotes !== undefined ? { adminNotes: values.adminNotes } : {}), ...timestamps, updatedAt: values.at })
      .where(eq(payments.id, id))
      .returning();
    return { before, after: after! };
  }

  /**
   * The filters as conditions on (type, status, created_at): payer and recipient types follow from the type (a check
   * constraint keeps it so), so they narrow the types instead of filtering rows one by one, and the list and its count
   * come off the (type, status, created_at, id) index.
   */
  private where(filters: PaymentFilters): SQL | undefined {
    let types: PaymentType[] = filters.type ? [filters.type] : [...STUDENT_TYPES, ...TUTOR_TYPES];
    if (filters.payerType) types = types.filter((t) => (STUDENT_TYPES.includes(t) ? 'student' : 'platform') === filters.payerType);
    if (filters.recipientType) types = types.filter((t) => (STUDENT_TYPES.includes(t) ? 'platform' : 'tutor') === filters.recipientType);
    const narrowed = filters.type || filters.payerType || filters.recipientType;
    return and(
      narrowed ? (types.length === 0 ? sql`false` : types.length === 1 ? eq(payments.type, types[0]!) : inArray(payments.type, types)) : undefined,
      filters.status ? eq(payments.status, filters.status) : undefined,
      filters.dateFrom ? gte(payments.createdAt, filters.dateFrom) : undefined,
      filters.dateBefore ? lt(payments.createdAt, filters.dateBefore) : undefined,
    );
  }

  /** One page of the ledger, newest first (the parties' names come from UsersService). */
  async list(filters: PaymentFilters, page: number, limit: number): Promise<PaymentRow[]> {
    // A deferred join: the page's ids come off the (type, status, created_at, id) index alone (an index-only
    // scan, however deep the offset), and only those rows are then read and joined — not every skipped one.
    const pageIds = this.db
      .select({ pageId: payments.id, pageCreatedAt: payments.createdAt })
      .from(payments)
      .where(this.where(filters))
      // NULLS LAST as the indexes are built (the columns are never null), so the order comes off an index.
      .orderBy(sql`${payments.createdAt} desc nulls last`, sql`${payments.id} desc nulls last`)
      .limit(limit)
      .offset((page - 1) * limit)
      .as('page');
    const query = this.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(pageIds, eq(payments.id, pageIds.pageId))
      .orderBy(sql`${pageIds.pageCreatedAt} desc nulls last`, sql`${pageIds.pageId} desc nulls last`);
    return (await query.prepare(statementName('payments_list_page', query.toSQL().sql)).execute()).map((row) => row.payment);
  }

  /** How many rows match (an index-only count for the type/status filters). */
  async count(filters: PaymentFilters): Promise<number> {
    const query = this.db.select({ total: count() }).from(payments).where(this.where(filters));
    const [row] = await query.prepare(statementName('payments_count', query.toSQL().sql)).execute();
    return row?.total ?? 0;
  }



  /** Completed money in and out, in pence, with counts. */
  async totals(): Promise<{ studentPence: number; studentCount: number; tutorPence: number; tutorCount: number; refundedPence: number; refundedCount: number }> {
    const [row] = await this.db
      .select({
        studentPence: sql<string>`coalesce(sum(${payments.amountPence}) filter (where ${payments.type} in ('student_essay_payment', 'student_tutoring_payment') and ${payments.status} = 'completed'), 0)`,
        studentCount: sql<number>`count(*) filter (where ${payments.type} in ('student_essay_payment', 'student_tutoring_payment') and ${payments.status} = 'completed')::int`,
        tutorPence: sql<string>`coalesce(sum(${payments.amountPence}) filter (where ${payments.type} in ('tutor_essay_payment', 'tutor_tutoring_payment') and ${payments.status} = 'completed'), 0)`,
        tutorCount: sql<number>`count(*) filter (where ${payments.type} in ('tutor_essay_payment', 'tutor_tutoring_payment') and ${payments.status} = 'completed')::int`,
        refundedPence: sql<string>`coalesce(sum(${payments.refundedAmountPence}) filter (where ${payments.status} = 'refunded'), 0)`,
        refundedCount: sql<number>`count(*) filter (where ${payments.status} = 'refunded')::int`,
      })
      .from(payments)
      .where(inArray(payments.status, ['completed', 'refunded']));
    return {
      studentPence: Number(row?.studentPence ?? 0),
      studentCount: row?.studentCount ?? 0,
      tutorPence: Number(row?.tutorPence ?? 0),
      tutorCount: row?.tutorCount ?? 0,
      refundedPence: Number(row?.refundedPence ?? 0),
      refundedCount: row?.refundedCount ?? 0,
    };
  }
}
