// PaymentsService's rules with the ledger, gateway and outbox replaced: what the item port is told, what is recorded, when.
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AppConfig } from '../../config/env.schema.js';
import type { Clock } from '../../infra/clock/clock.service.js';
import type { PaymentRow } from './payments.schema.js';
import type { DomainEvents } from '../../infra/events/domain-events.service.js';
import { PayableItems, type PayableItem, type PayableItemResolver } from './payable-items.service.js';
import type { CheckoutState, PaymentGateway } from './payment-gateway.js';
import type { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import type { PayoutAccounts } from './payout-accounts.service.js';

const NOW = new Date('2026-11-23T12:00:00Z');

function row(values: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: 'pay-1', type: 'student_essay_payment', status: 'pending', payerId: 'student-1', payerType: 'student', recipientId: null, recipientType: 'platform',
    amountPence: 1500, currency: 'GBP', platformCommissionPence: 300, tutorEarningsPence: 1200, description: 'Essay review', paymentMethod: 'stripe_card',
    itemKind: 'essay', itemId: 'essay-1', stripeSessionId: 'cs_1', checkoutUrl: 'https://checkout/cs_1', stripePaymentIntentId: null, gatewayReference: null,
    paidAt: null, failedAt: null, refundRequestedAt: null, refundedAt: null, refundedAmountPence: 0, metadata: {}, adminNotes: null, createdAt: NOW, updatedAt: NOW,
    ...values,
  };
}

function item(values: Partial<PayableItem> = {}): PayableItem {
  return { id: 'essay-1', studentId: 'student-1', tutorId: 'tutor-1', amountPence: 1500, description: 'Essay review', notPayableReason: null, payoutBlockedReason: null, refundBlockedReason: null, ...values };
}

describe('PaymentsService', () => {
  let ledger: PaymentRow;
  let events: Set<string>;
  let resolver: jest.Mocked<PayableItemResolver>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a hand-made fake of the repository
  let repository: Record<string, jest.Mock<any>>;
  let gateway: jest.Mocked<PaymentGateway>;
  let recorded: { name: string; payload: Record<string, unknown> }[];
  let service: PaymentsService;

  const paid: CheckoutState = { id: 'cs_1', status: 'complete', paymentStatus: 'paid', amountTotal: 1500, currency: 'gbp', paymentIntentId: 'pi_1' };

  beforeEach(() => {
    ledger = row();
    events = new Set();
    resolver = {
      kind: 'essay',
      paymentType: 'student_essay_payment',
      returnSegment: 'essay',
      load: jest.fn(async () => item()),
      markPaid: jest.fn(async () => true),
      markRefunded: jest.fn(async () => undefined),
      markTutorPaid: jest.fn(async () => undefined),
    } as unknown as jest.Mocked<PayableItemResolver>;
    const items = new PayableItems();
    items.register(resolver);
    repository = {
      transaction: jest.fn(async (work: (tx: unknown) => Promise<unknown>) => work('tx')),
      recordEvent: jest.fn(async (id: string) => (events.has(id) ? false : (events.add(id), true))),
      findBySessionId: jest.fn(async (id: string) => (id === ledger.stripeSessionId ? ledger : undefined)),
      findById: jest.fn(async () => ledger),
      completeCharge: jest.fn(async (_id: string, values: { paymentIntentId: string | null }) =>
        ledger.status === 'pending' ? (ledger = { ...ledger, status: 'completed', paidAt: NOW, stripePaymentIntentId: values.paymentIntentId }) : undefined,
      ),
      failCharge: jest.fn(async () => (ledger.status === 'pending' ? (ledger = { ...ledger, status: 'failed' }) : undefined)),
      claimRefund: jest.fn(async () => (ledger.status === 'completed' && !ledger.refundRequestedAt ? (ledger = { ...ledger, refundRequestedAt: NOW }) : undefined)),
      markRefunded: jest.fn(async () => (ledger.status === 'completed' ? (ledger = { ...ledger, status: 'refunded', refundedAmountPence: ledger.amountPence }) : undefined)),
      releaseRefundClaim: jest.fn(async () => undefined),
      recordStatusChange: jest.fn(async () => undefined),
    };
    gateway = { name: 'stripe', method: 'stripe_card', refund: jest.fn(async () => ({ refundId: 're_1' })) } as unknown as jest.Mocked<PaymentGateway>;
    recorded = [];
    // The outbox: events recorded in a transaction are handed to Payments' own subscriber after it "commits".
    const bus = {
      transaction: async <T>(work: (tx: unknown) => Promise<T>): Promise<T> => {
        const before = recorded.length;
        const result = await work('tx');
        for (const event of recorded.slice(before)) if (event.name === 'payment.unclaimed') await service.refundUnclaimed(event.payload as { paymentId: string });
        return result;
      },
      record: async (_tx: unknown, name: string, payload: Record<string, unknown>) => void recorded.push({ name, payload }),
    };
    const config = { nodeEnv: 'test', webOrigin: 'http://web', payments: { platformCommissionPercent: 20 } } as AppConfig;
    service = new PaymentsService(repository as unknown as PaymentsRepository, items, gateway, config, { now: () => NOW } as Clock, bus as unknown as DomainEvents, { destination: async () => null } as unknown as PayoutAccounts);
  });

  it('tells the item "paid" once however often the paid state arrives, and records one receipt', async () => {
    await service.settleCheckout(paid, { source: 'test', event: { id: 'evt_1', type: 'checkout.session.completed' } });
    await service.settleCheckout(paid, { source: 'test', event: { id: 'evt_1', type: 'checkout.session.completed' } });
    await service.settleCheckout(paid, { source: 'test', event: { id: 'evt_2', type: 'checkout.session.async_payment_succeeded' } });
    expect(resolver.markPaid).toHaveBeenCalledTimes(1);
    expect(recorded).toEqual([{ name: 'payment.completed', payload: { paymentId: 'pay-1', userId: 'student-1', amountPence: 1500, description: 'Essay review', at: NOW.toISOString() } }]);
    expect(ledger.status).toBe('completed');
  });

  it('never fulfils a checkout whose amount or currency differs from the ledger', async () => {
    await service.settleCheckout({ ...paid, amountTotal: 1499 }, { source: 'test' });
    await service.settleCheckout({ ...paid, currency: 'usd' }, { source: 'test' });
    expect(resolver.markPaid).not.toHaveBeenCalled();
    expect(ledger.status).toBe('pending');
  });

  it('leaves an open, unpaid checkout alone, and fails it when asked (async failure, decline) or when it expired', async () => {
    await service.settleCheckout({ ...paid, status: 'complete', paymentStatus: 'unpaid' }, { source: 'test' });
    expect(ledger.status).toBe('pending');
    await service.settleCheckout({ ...paid, status: 'complete', paymentStatus: 'unpaid' }, { source: 'test', failIfUnpaid: true });
    expect(ledger.status).toBe('failed');
    expect(resolver.markPaid).not.toHaveBeenCalled();
  });

  it('refunds in full when the item can no longer take the payment', async () => {
    resolver.markPaid.mockResolvedValueOnce(false);
    await service.settleCheckout(paid, { source: 'test' });
    expect(gateway.refund).toHaveBeenCalledWith(expect.objectContaining({ paymentId: 'pay-1', amountPence: 1500, paymentIntentId: 'pi_1' }));
    expect(ledger.status).toBe('refunded');
    expect(resolver.markRefunded).toHaveBeenCalledTimes(1);
    expect(recorded.map((e) => e.name)).toEqual(['payment.completed', 'payment.unclaimed', 'payment.refunded']);
    // A replay of the unclaimed payment's event (the relay) refunds nothing twice.
    await service.refundUnclaimed({ paymentId: 'pay-1' });
    expect(gateway.refund).toHaveBeenCalledTimes(1);
  });

  it('asks the item whether its refund window is open, and refunds only once', async () => {
    ledger = row({ status: 'completed', stripePaymentIntentId: 'pi_1' });
    const repoAny = repository as unknown as { findCompletedCharge: jest.Mock };
    repoAny.findCompletedCharge = jest.fn(async () => (ledger.status === 'completed' ? ledger : undefined));
    resolver.load.mockResolvedValueOnce(item({ refundBlockedReason: 'Too late' }));
    await expect(service.refundItem('essay', 'essay-1', { requestedBy: null, reason: 'x' })).rejects.toMatchObject({ status: 422 });
    await service.refundItem('essay', 'essay-1', { requestedBy: 'student-1', reason: 'x' });
    // The claim is made holding the item's row lock (a refund and the item's own state change never both go through).
    expect(resolver.load).toHaveBeenLastCalledWith('essay-1', expect.anything(), { lock: true });
    await expect(service.refundPayment('pay-1', { requestedBy: null, reason: 'again' })).rejects.toMatchObject({ status: 409 });
    expect(gateway.refund).toHaveBeenCalledTimes(1);
  });

  it('gives the refund claim back when the gateway refuses, so it can be retried', async () => {
    ledger = row({ status: 'completed', stripePaymentIntentId: 'pi_1' });
    gateway.refund.mockRejectedValueOnce(new Error('card network down'));
    await expect(service.refundPayment('pay-1', { requestedBy: null, reason: 'x' })).rejects.toThrow('card network down');
    expect(repository.releaseRefundClaim).toHaveBeenCalledWith('pay-1');
  });

  it('answers 404 for an item kind no module has registered', async () => {
    await expect(service.checkoutUrl({ id: 'student-1', email: 's@example.com' }, 'tutoring_session', 'x')).rejects.toMatchObject({ status: 404 });
  });
});

describe('PayableItems', () => {
  it('refuses a second resolver for the same kind, and finds registered kinds only', () => {
    const items = new PayableItems();
    const resolver = { kind: 'essay' } as PayableItemResolver;
    items.register(resolver);
    expect(() => items.register(resolver)).toThrow(/already registered/);
    expect(items.find('essay')).toBe(resolver);
    expect(items.find('tutoring_session')).toBeUndefined();
    expect(items.kinds()).toEqual(['essay']);
  });
});
