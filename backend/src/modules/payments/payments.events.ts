/**
 * Movements of money, as other modules hear of them (docs/architecture.md "Domain events"), recorded in the ledger's
 * own transaction. Notifications sends the receipt of each; Payments itself refunds a payment no item could take.
 * Amounts are integer pence; times ISO strings.
 */
interface Receipt {
  paymentId: string;
  /** Who the receipt goes to: the payer of a payment or refund, the tutor of a payout. */
  userId: string;
  amountPence: number;
  description: string;
  at: string;
}

declare module '../../infra/events/domain-event-registry.js' {
  interface DomainEventPayloads {
    /** A student's checkout completed. */
    'payment.completed': Receipt;
    /** A completed payment was refunded in full. */
    'payment.refunded': Receipt;
    /** A tutor's payout was settled. */
    'payout.completed': Receipt;
    /** A payment arrived for an item that could no longer take it (its hold ended): it is refunded in full. */
    'payment.unclaimed': { paymentId: string };
  }
}

export {};
