import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';

/** Essay emails, sent by Notifications on the essay's domain events (essays.events.ts). */
const essayMails = {
  'essays.returned-to-pool': (d: { name: string; title: string; side: 'student' | 'tutor'; reason: 'expired' | 'cancelled' | 'tutorBanned' }): RenderedMail =>
    layout(`"${d.title}" is back in the essay pool`, [
      `Hello ${d.name},`,
      d.reason === 'cancelled'
        ? `Your tutor cancelled the review of "${d.title}", so the essay is back in the pool for another tutor to accept. Nothing was charged.`
        : d.reason === 'tutorBanned'
          ? `The tutor who accepted "${d.title}" can no longer review it, so the essay is back in the pool for another tutor to accept. Nothing was charged.`
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
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof essayMails> {}
}

defineMailTemplates(essayMails);
