import type { PaymentRow, PaymentStatusChangeRow } from './payments.schema.js';
import { poundsFromPence } from '@redpen/shared/money';
import type { OverallStatsDto, PaymentDetailDto, PaymentDto, PaymentPartyDto, PaymentStatusChangeDto } from './dto/payments.dto.js';
import type { Party, PaymentsRepository, PaymentWithParties } from './payments.repository.js';

type LedgerTotals = Awaited<ReturnType<PaymentsRepository['totals']>>;

function party(user: Party | null, userType: PaymentRow['payerType']): PaymentPartyDto {
  return { userId: user && user.id ? { _id: user.id, name: user.name, email: user.email } : null, userType };
}

/** A ledger row as the spec's admin screens read it. */
export function presentPayment({ payment: p, payer, recipient }: PaymentWithParties): PaymentDto {
  const essay = p.itemKind === 'essay' && p.metadata.title ? { title: p.metadata.title, academicLevel: p.metadata.academicLevel ?? null } : null;
  return {
    _id: p.id,
    description: p.description,
    type: p.type,
    amount: poundsFromPence(p.amountPence),
    amountPence: p.amountPence,
    currency: p.currency,
    status: p.status,
    stripeSessionId: p.stripeSessionId,
    paymentMethod: p.paymentMethod,
    payer: party(payer, p.payerType),
    recipient: party(recipient, p.recipientType),
    payerType: p.payerType,
    recipientType: p.recipientType,
    platformCommission: poundsFromPence(p.platformCommissionPence),
    platformCommissionPence: p.platformCommissionPence,
    tutorEarnings: poundsFromPence(p.tutorEarningsPence),
    tutorEarningsPence: p.tutorEarningsPence,
    essay,
    essayId: p.itemKind === 'essay' ? p.itemId : null,
    tutoringSessionId: p.itemKind === 'tutoring_session' ? p.itemId : null,
    paidAt: p.paidAt?.toISOString() ?? null,
    refundedAt: p.refundedAt?.toISOString() ?? null,
    refundedAmount: poundsFromPence(p.refundedAmountPence),
    refundedAmountPence: p.refundedAmountPence,
    metadata: p.metadata,
    adminNotes: p.adminNotes,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentPaymentDetail(row: PaymentWithParties, history: PaymentStatusChangeRow[]): PaymentDetailDto {
  return {
    ...presentPayment(row),
    history: history.map(
      (change): PaymentStatusChangeDto => ({
        changedBy: change.changedBy,
        source: change.source,
        from: change.fromStatus,
        to: change.toStatus,
        notes: change.notes,
        at: change.createdAt.toISOString(),
      }),
    ),
  };
}

/** The ledger's totals as the admin's payment stats (overall), in pounds with pence twins. */
export function presentStats(t: LedgerTotals): OverallStatsDto {
  const netPence = t.studentPence - t.tutorPence;
  return {
    netProfit: poundsFromPence(netPence),
    netProfitPence: netPence,
    studentPayments: poundsFromPence(t.studentPence),
    studentPaymentsPence: t.studentPence,
    tutorPayments: poundsFromPence(t.tutorPence),
    tutorPaymentsPence: t.tutorPence,
    studentPaymentsCount: t.studentCount,
    tutorPaymentsCount: t.tutorCount,
    refunds: poundsFromPence(t.refundedPence),
    refundsPence: t.refundedPence,
    refundsCount: t.refundedCount,
  };
}

/** The item's paymentStatus as the spec's student screens name it. */
export function itemPaymentStatus(status: PaymentRow['status']): 'Pending' | 'Paid' | 'Failed' | 'Refunded' {
  return status === 'completed' ? 'Paid' : status === 'failed' ? 'Failed' : status === 'refunded' ? 'Refunded' : 'Pending';
}
