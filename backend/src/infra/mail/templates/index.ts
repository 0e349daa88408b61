import type { RenderedMail } from '../mail.types.js';
import { layout } from './layout.js';

/**
 * Every email the platform sends, by stable name. A template is a pure function from its data to the
 * subject, HTML and text; data is escaped by the layout.
 */
export const templates = {
  'contact.support': (d: { name: string; email: string; subject: string; message: string }): RenderedMail =>
    layout(`Contact form: ${d.subject}`, [
      `New message from ${d.name} <${d.email}> through the contact form.`,
      `Subject: ${d.subject}`,
      d.message,
    ]),
  'contact.acknowledgement': (d: { name: string; subject: string }): RenderedMail =>
    layout('We received your message', [
      `Hello ${d.name},`,
      `Thank you for contacting Redpen about "${d.subject}". Our support team has your message and will reply within one business day.`,
      'If you did not send this message, you can ignore this email.',
    ]),
  'auth.verification-code': (d: { name: string; code: string; minutes: number }): RenderedMail =>
    layout('Your Redpen verification code', [
      `Hello ${d.name},`,
      `Your verification code is: ${d.code}`,
      `Enter it on the verification page to activate your account. The code expires in ${d.minutes} minutes.`,
      'If you did not create a Redpen account, you can ignore this email.',
    ]),
  'auth.two-factor-code': (d: { name: string; code: string; minutes: number }): RenderedMail =>
    layout('Your Redpen sign-in code', [
      `Hello ${d.name},`,
      `Your sign-in code is: ${d.code}`,
      `It expires in ${d.minutes} minutes. If you did not try to sign in, change your password now.`,
    ]),
  'auth.password-reset': (d: { name: string; link: string; minutes: number }): RenderedMail =>
    layout('Reset your Redpen password', [
      `Hello ${d.name},`,
      `Someone (hopefully you) asked to reset the password of your Redpen account. Open this link to choose a new one:`,
      d.link,
      `The link works once and expires in ${d.minutes} minutes. If you did not ask for it, you can ignore this email: your password stays as it is.`,
    ]),
  'auth.registration-attempt': (d: { name: string; loginUrl: string; resetUrl: string }): RenderedMail =>
    layout('Someone tried to register with your email', [
      `Hello ${d.name},`,
      'Someone just tried to create a new Redpen account with this email address. You already have an account, so nothing was changed.',
      `If it was you, sign in at ${d.loginUrl} or reset your password at ${d.resetUrl}.`,
      'If it was not you, you can ignore this email.',
    ]),
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
  'essays.returned-to-pool': (d: { name: string; title: string; side: 'student' | 'tutor'; reason: 'expired' | 'cancelled' }): RenderedMail =>
    layout(`"${d.title}" is back in the essay pool`, [
      `Hello ${d.name},`,
      d.reason === 'cancelled'
        ? `Your tutor cancelled the review of "${d.title}", so the essay is back in the pool for another tutor to accept. Nothing was charged.`
        : d.side === 'student'
          ? `The 24 hours to agree the word count and pay for "${d.title}" ran out, so the essay is back in the pool for another tutor to accept. Nothing was charged.`
          : `The 24 hours to agree the word count of "${d.title}" ran out before the student paid, so the essay has returned to the pool.`,
    ]),
  'essays.marking-overdue': (d: { name: string; title: string; side: 'student' | 'admin'; essayId: string; tutorName: string }): RenderedMail =>
    layout(`Feedback on "${d.title}" is overdue`, [
      `Hello ${d.name},`,
      d.side === 'student'
        ? `Your tutor has not yet returned their feedback on "${d.title}" within the promised time. We have told our team and are following it up. If you would rather cancel, contact our support team.`
        : `The marking deadline of the paid essay "${d.title}" (${d.essayId}) has passed without feedback from ${d.tutorName}.`,
    ]),
  'essays.marked': (d: { name: string; title: string; score: number; essayUrl: string }): RenderedMail =>
    layout(`Your feedback on "${d.title}" is ready`, [
      `Hello ${d.name},`,
      `Your tutor has reviewed "${d.title}" and scored it ${d.score} out of 10.`,
      `Read the feedback at ${d.essayUrl}`,
      'If you are happy with it, accept the feedback; you can ask for a revision within 7 days.',
    ]),
  'essays.revision-requested': (d: { name: string; title: string; dueBy: string; essayUrl: string }): RenderedMail =>
    layout(`A revision of your feedback on "${d.title}" was requested`, [
      `Hello ${d.name},`,
      `The student has asked for a revision of your feedback on "${d.title}". Please mark it again by ${d.dueBy}.`,
      `Open it at ${d.essayUrl}`,
      'Your payout for this essay waits until the revised feedback is in.',
    ]),
  'essays.revision-overdue': (d: { name: string; title: string; side: 'student' | 'admin'; essayId: string; tutorName: string }): RenderedMail =>
    layout(`The revision of "${d.title}" is overdue`, [
      `Hello ${d.name},`,
      d.side === 'student'
        ? `Your tutor has not yet returned the revision of "${d.title}" within 48 hours. We have told our team and are following it up.`
        : `The revision of "${d.title}" (${d.essayId}) requested from ${d.tutorName} has passed its deadline.`,
    ]),
  'essays.payout-eligible': (d: { name: string; title: string; amount: string; reviewsUrl: string }): RenderedMail =>
    layout(`You can now be paid for "${d.title}"`, [
      `Hello ${d.name},`,
      `Your review of "${d.title}" is now eligible for payout (${d.amount}).`,
      `Choose Get Paid at ${d.reviewsUrl}`,
    ]),
  'essays.revision-window-closed': (d: { name: string; title: string; essayUrl: string }): RenderedMail =>
    layout(`The review of "${d.title}" is final`, [
      `Hello ${d.name},`,
      `The 7 days to ask for a revision of the feedback on "${d.title}" have passed, so the review is now final.`,
      `You can still rate your tutor at ${d.essayUrl}`,
    ]),
} satisfies Record<string, (data: never) => RenderedMail>;

export type TemplateName = keyof typeof templates;
export type TemplateData<T extends TemplateName> = Parameters<(typeof templates)[T]>[0];

export function renderTemplate<T extends TemplateName>(name: T, data: TemplateData<T>): RenderedMail {
  return (templates[name] as (data: TemplateData<T>) => RenderedMail)(data);
}
