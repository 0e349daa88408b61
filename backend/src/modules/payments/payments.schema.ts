import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** Who pays whom for what. */
export const paymentType = pgEnum('payment_type', ['student_essay_payment', 'tutor_essay_payment', 'student_tutoring_payment', 'tutor_tutoring_payment']);
/** A payment's state: refunded is a completed payment given back. */
export const paymentStatus = pgEnum('payment_status', ['pending', 'completed', 'failed', 'refunded']);
export const paymentPartyType = pgEnum('payment_party_type', ['student', 'tutor', 'platform']);
/** How money moved: `stripe_card` (default), `local_test` (the offline gateway); payouts are a Stripe transfer or recorded. */
export const paymentMethod = pgEnum('payment_method', ['stripe_card', 'local_test', 'stripe_transfer', 'recorded_payout']);

/**
 * The ledger: one row per movement of money. Rows are never deleted: a user cannot be removed
 * while the ledger names them (`restrict`), a refund is a state change with its own time and amount.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: paymentType('type').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    /** null = the platform (payouts are paid by it). */
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'restrict' }),
    payerType: paymentPartyType('payer_type').notNull(),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'restrict' }),
    recipientType: paymentPartyType('recipient_type').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    platformCommissionPence: integer('platform_commission_pence').notNull(),
    tutorEarningsPence: integer('tutor_earnings_pence').notNull(),
    description: text('description').notNull(),
    paymentMethod: paymentMethod('payment_method').notNull().default('stripe_card'),
    /** The paid-for thing, named by the module that owns it (`essay`, `tutoring_session`); no foreign key across modules. */
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    /** The gateway's checkout session id (Stripe `cs_…`, local `local_…`); unique: a checkout is fulfilled once. */
    stripeSessionId: text('stripe_session_id'),
    checkoutUrl: text('checkout_url'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** A payout's transfer id, or a refund's id, as the gateway named it. */
    gatewayReference: text('gateway_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Set when a refund is claimed (before the gateway is asked): the guard that makes a refund happen once. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedAmountPence: integer('refunded_amount_pence').notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    adminNotes: text('admin_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_stripe_session_unique').on(table.stripeSessionId),
    // At most one live checkout (pending) or settled payment (completed) per item: 20 concurrent "pay" calls
    // insert one row; a failed or refunded one leaves room for the next attempt.
    uniqueIndex('payments_one_live_charge_per_item')
      .on(table.itemKind, table.itemId)
      .where(sql`${table.type} in ('student_essay_payment', 'student_tutoring_payment') and ${table.status} in ('pending', 'completed')`),
    // One payout per item, whatever happens to it afterwards (an admin may mark it failed; a new one is a decision, not a retry).
    uniqueIndex('payments_one_payout_per_item')
      .on(table.itemKind, table.itemId)
      .where(sql`${table.type} in ('tutor_essay_payment', 'tutor_tutoring_payment')`),
    index('payments_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // The admin list's filters and order (newest first, id breaking ties) come straight off this index.
    index('payments_type_status_created_idx').on(table.type, table.status, table.createdAt.desc(), table.id.desc()),
    index('payments_payer_idx').on(table.payerId),
    index('payments_recipient_idx').on(table.recipientId),
    index('payments_payment_intent_idx').on(table.stripePaymentIntentId),
    // Who pays whom follows from the type: a student pays the platform, the platform pays a tutor.
    check(
      'payments_parties_match_type',
      sql`(${table.type} in ('student_essay_payment', 'student_tutoring_payment') and ${table.payerType} = 'student' and ${table.recipientType} = 'platform') or (${table.type} in ('tutor_essay_payment', 'tutor_tutoring_payment') and ${table.payerType} = 'platform' and ${table.recipientType} = 'tutor')`,
    ),
    check('payments_amount_positive', sql`${table.amountPence} > 0`),
    check('payments_split_sums', sql`${table.platformCommissionPence} >= 0 and ${table.tutorEarningsPence} >= 0 and ${table.platformCommissionPence} + ${table.tutorEarningsPence} = ${table.amountPence}`),
    check('payments_refund_within_amount', sql`${table.refundedAmountPence} >= 0 and ${table.refundedAmountPence} <= ${table.amountPence}`),
  ],
);

/** Gateway events already applied, written in the same transaction as their effect: an event applies once. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every status change of a ledger row: who (null = the system or a gateway), when, from, to, why. */
export const paymentStatusChanges = pgTable(
  'payment_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').notNull().references(() => payments.id, { onDelete: 'restrict' }),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'restrict' }),
    source: text('source').notNull(),
    fromStatus: paymentStatus('from_status'),
    toStatus: paymentStatus('to_status').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_status_changes_payment_idx').on(table.paymentId, table.createdAt)],
);

/** A tutor's Stripe connected account (Connect Express), for payouts by transfer; owned by Payments. */
export const payoutAccounts = pgTable('payout_accounts', {
  tutorId: uuid('tutor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  /** Stripe says transfers to it can be paid out (onboarding finished and verified). */
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentRow = typeof payments.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type PaymentStatusChangeRow = typeof paymentStatusChanges.$inferSelect;
