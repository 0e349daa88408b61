import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';
import type { TutorDecision } from './tutors.events.js';

const services = (d: { approvedEssay: boolean; approvedTutoring: boolean }) =>
  [d.approvedEssay ? 'essay reviews' : null, d.approvedTutoring ? 'tutoring' : null].filter(Boolean).join(' and ');

function decisionText(d: TutorDecision): { subject: string; lines: string[] } {
  switch (d.kind) {
    case 'approval':
      if (!d.approvedEssay && !d.approvedTutoring) {
        return { subject: 'Your tutor approval was withdrawn', lines: ['An admin has withdrawn your approval. You keep the work you have already accepted, but you will not see new essays or bookings.'] };
      }
      return {
        subject: 'Your tutor profile has been approved',
        lines: [
          `An admin has approved you for ${services(d)} at study level ${d.studyLevel}.`,
          ...(d.withdrawn.length ? [`Your approval for ${d.withdrawn.join(' and ')} was withdrawn: you keep the work already accepted.`] : []),
        ],
      };
    case 'rejection':
      return { subject: 'Your tutor application was not approved', lines: ['An admin has reviewed your application and could not approve it.', `Reason: ${d.reason}`] };
    case 'profilePicture':
      return d.approved
        ? { subject: 'Your new profile picture is live', lines: ['An admin has approved your new profile picture; students see it from now on.'] }
        : { subject: 'Your new profile picture was not approved', lines: ['An admin could not approve your new profile picture; your previous one stays.', `Reason: ${d.reason ?? ''}`] };
    case 'studyLevel':
      return d.approved
        ? { subject: 'Your study level change was approved', lines: [`An admin has approved your study level: ${d.studyLevel}.`] }
        : { subject: 'Your study level change was not approved', lines: [`An admin could not approve the change to ${d.studyLevel}; your level stays as it was.`, `Reason: ${d.reason ?? ''}`] };
  }
}

/** Tutor emails, sent by Notifications on `tutor.reviewed` and `tutor.onboarding-submitted` (tutors.events.ts). */
const tutorMails = {
  'tutors.awaiting-approval': (d: { name: string; dashboardUrl: string }): RenderedMail =>
    layout('Your tutor application is waiting for approval', [
      `Hello ${d.name},`,
      'Thank you for applying to tutor on Redpen. Our team is reviewing your profile and documents; this usually takes 1-3 business days.',
      'We will email you as soon as you are approved. Until then the essay pool stays closed to you.',
      `Your dashboard: ${d.dashboardUrl}`,
    ]),
  'tutors.review-decision': (d: { name: string; decision: TutorDecision; profileUrl: string }): RenderedMail => {
    const { subject, lines } = decisionText(d.decision);
    return layout(subject, [`Hello ${d.name},`, ...lines, `Your profile: ${d.profileUrl}`]);
  },
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof tutorMails> {}
}

defineMailTemplates(tutorMails);
