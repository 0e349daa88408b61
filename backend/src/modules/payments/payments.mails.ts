import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';

/** Receipts for every movement of money (payment, refund, payout), sent by Notifications on the ledger's events. */
const paymentMails = {
  'payments.receipt': (d: { name: string; kind: 'payment' | 'refund' | 'payout'; reference: string; amount: string; description: string; date: string }): RenderedMail =>
    layout(
      d.kind === 'payment' ? `Receipt: ${d.amount} paid to Redpen` : d.kind === 'refund' ? `Refund: ${d.amount} on its way back to you` : `Payout: ${d.amount} paid to you`,
      [
        `Hello ${d.name},`,
        d.kind === 'payment'
          ? `Thank you: we received your payment of ${d.amount}.`
          : d.kind === 'refund'
            ? `We have refunded ${d.amount} in full. It can take 5 to 10 working days to reach your account.`
            : `We have paid you ${d.amount}.`,
        `For: ${d.description}`,
        `Reference: ${d.reference}`,
        `Date: ${d.date}`,
        'Keep this email for your records. Questions? Reply to this email or contact our support team.',
      ],
    ),
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof paymentMails> {}
}

defineMailTemplates(paymentMails);
