import type { TemplateData, TemplateName } from './templates/index.js';

/** What the `mail.send` job carries: the template is rendered when the job runs, off the request path. */
export type MailJob = {
  [T in TemplateName]: { to: string; template: T; data: TemplateData<T>; replyTo?: string };
}[TemplateName];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}
