import type { TemplateData, TemplateName } from './templates/index.js';

/** What a caller of MailService.send asks for: the template is rendered when the job runs, off the request path. */
export type MailJob = {
  [T in TemplateName]: { to: string; template: T; data: TemplateData<T>; replyTo?: string };
}[TemplateName];

/**
 * What the `mail.send` job carries in Redis: the recipient and template name in clear (for the ops board),
 * the template data sealed (it holds codes and reset links). Once sent, `sealed` is dropped from the job.
 */
export interface MailJobData {
  to: string;
  template: TemplateName;
  replyTo?: string;
  sealed?: string;
}

/** Associated data of a mail job's seal: the sealed data opens only for this recipient and template. */
export const mailSealContext = (mail: Pick<MailJobData, 'to' | 'template'>): string => `mail.send|${mail.template}|${mail.to}`;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** A calendar invite or cancellation (RFC 5545 text), sent as nodemailer's `icalEvent` (text/calendar part + .ics). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}
