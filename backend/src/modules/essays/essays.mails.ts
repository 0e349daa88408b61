import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';

/** Essay emails, sent by Notifications on the essay's domain events (essays.events.ts). */
const essayMails = {
  'essays.returned-to-pool': (d: { name: string; title: string; side: 'student' | 'tutor'; reason: 'expired' | 'cancelled' | 'tutorBanned'; url?: string }): RenderedMail =>
    layout(`"${d.title}" is back in the essay pool`, [
      `Hello ${d.name},`,
      d.reason === 'cancelled'
        ? `Your tutor cancelled the review of "${d.title}", so the essay is back in the pool for another tutor to accept. Nothing was charged.`
        : d.reason === 'tutorBanned'
          ? `The tutor who accepted "${d.title}" can no longer review it, so the essay is back in the pool for another tutor to accept. Nothing was charged.`
          : d.side === 'student'
          ? `The 24 hours to agree the word count and pay for "${d.title}" ran out, so the essay is back in the pool for another tutor to accept. Nothing was charged.`
          : `The 24 hours to agree the word count of "${d.title}" ran out before the student paid, so the essay has returned to the pool.`,
    ], { action: d.url ? { label: d.side === 'student' ? 'View your essay' : 'Browse the essay pool', url: d.url } : undefined }),
  'essays.marking-overdue': (d: { name: string; title: string; side: 'student' | 'admin'; essayId: string; tutorName: string; essayUrl?: string }): RenderedMail =>
    layout(`Feedback on "${d.title}" is overdue`, [
      `Hello ${d.name},`,
      d.side === 'student'
        ? `Your tutor has not yet returned their feedback on "${d.title}" within the promised time. We have told our team and are following it up. If you would rather cancel, contact our support team.`
        : `The marking deadline of the paid essay "${d.title}" (${d.essayId}) has passed without feedback from ${d.tutorName}.`,
    ], { action: d.essayUrl ? { label: 'View your essay', url: d.essayUrl } : undefined }),
  'essays.marked': (d: { name: string; title: string; score: number; essayUrl: string }): RenderedMail =>
    layout(`Your feedback on "${d.title}" is ready`, [
      `Hello ${d.name},`,
      `Your tutor has reviewed "${d.title}" and scored it ${d.score} out of 10.`,
      'If you are happy with it, accept the feedback; you can ask for a revision within 7 days.',
    ], { action: { label: 'Read your feedback', url: d.essayUrl } }),
  'essays.revision-requested': (d: { name: string; title: string; dueBy: string; essayUrl: string }): RenderedMail =>
    layout(`A revision of your feedback on "${d.title}" was requested`, [
      `Hello ${d.name},`,
      `The student has asked for a revision of your feedback on "${d.title}". Please mark it again by ${d.dueBy}.`,
      'Your payout for this essay waits until the revised feedback is in.',
    ], { action: { label: 'Mark the essay again', url: d.essayUrl } }),
  'essays.revision-overdue': (d: { name: string; title: string; side: 'student' | 'admin'; essayId: string; tutorName: string; essayUrl?: string }): RenderedMail =>
    layout(`The revision of "${d.title}" is overdue`, [
      `Hello ${d.name},`,
      d.side === 'student'
        ? `Your tutor has not yet returned the revision of "${d.title}" within 48 hours. We have told our team and are following it up.`
        : `The revision of "${d.title}" (${d.essayId}) requested from ${d.tutorName} has passed its deadline.`,
    ], { action: d.essayUrl ? { label: 'View your essay', url: d.essayUrl } : undefined }),
  'essays.payout-eligible': (d: { name: string; title: string; amount: string; reviewsUrl: string }): RenderedMail =>
    layout(`You can now be paid for "${d.title}"`, [
      `Hello ${d.name},`,
      `Your review of "${d.title}" is now eligible for payout (${d.amount}).`,
    ], { action: { label: 'Get Paid', url: d.reviewsUrl } }),
  'essays.revision-window-closed': (d: { name: string; title: string; essayUrl: string }): RenderedMail =>
    layout(`The review of "${d.title}" is final`, [
      `Hello ${d.name},`,
      `The 7 days to ask for a revision of the feedback on "${d.title}" have passed, so the review is now final.`,
      'You can still rate your tutor.',
    ], { action: { label: 'Rate your tutor', url: d.essayUrl } }),
  'essays.accepted': (d: { name: string; title: string; tutorName: string; discussionEndsBy: string | null; essayUrl: string }): RenderedMail =>
    layout(`A tutor accepted "${d.title}"`, [
      `Hello ${d.name},`,
      `${d.tutorName} has accepted your essay "${d.title}".`,
      d.discussionEndsBy
        ? `Agree the word count with them in the essay's discussion and pay by ${d.discussionEndsBy}; after that the essay goes back to the pool.`
        : "Agree the word count with them in the essay's discussion, then pay to start the marking.",
    ], { action: { label: 'Open the discussion', url: d.essayUrl } }),
  'essays.payment-due': (d: { name: string; title: string; wordCount: number; price: string; payBy: string; essayUrl: string }): RenderedMail =>
    layout(`Word count confirmed for "${d.title}": please pay`, [
      `Hello ${d.name},`,
      `Your tutor confirmed ${d.wordCount} words for "${d.title}". The price is ${d.price}, and it is final once you have paid.`,
      `Please pay by ${d.payBy} so the marking can start; after that the essay goes back to the pool and nothing is charged.`,
    ], { action: { label: 'Pay for your essay', url: d.essayUrl } }),
  'essays.marking-due': (d: { name: string; title: string; dueBy: string; essayUrl: string }): RenderedMail =>
    layout(`"${d.title}" is paid: start marking`, [
      `Hello ${d.name},`,
      `The student has paid for "${d.title}". Please return your feedback by ${d.dueBy}.`,
    ], { action: { label: 'Mark the essay', url: d.essayUrl } }),
  'essays.revision-delivered': (d: { name: string; title: string; score: number; essayUrl: string }): RenderedMail =>
    layout(`The revised feedback on "${d.title}" is ready`, [
      `Hello ${d.name},`,
      `Your tutor has revised their feedback on "${d.title}" and scored it ${d.score} out of 10.`,
      'If you are happy with it, accept the feedback so your tutor can be paid.',
    ], { action: { label: 'Read your feedback', url: d.essayUrl } }),
  'essays.feedback-accepted': (d: { name: string; title: string; reviewsUrl: string }): RenderedMail =>
    layout(`Your feedback on "${d.title}" was accepted: you can be paid`, [
      `Hello ${d.name},`,
      `The student accepted your feedback on "${d.title}". The review is final and you can be paid now.`,
    ], { action: { label: 'Get Paid', url: d.reviewsUrl } }),
  'essays.cancelled-by-student': (d: { name: string; title: string; refunded: boolean; poolUrl: string }): RenderedMail =>
    layout(`"${d.title}" was cancelled by the student`, [
      `Hello ${d.name},`,
      d.refunded
        ? `The student cancelled "${d.title}" and was refunded, so there is nothing more to mark.`
        : `The student cancelled "${d.title}" before paying for it, so you no longer hold it.`,
    ], { action: { label: 'Browse the essay pool', url: d.poolUrl } }),
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof essayMails> {}
}

defineMailTemplates(essayMails);
