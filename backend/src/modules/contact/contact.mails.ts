import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';

/** The contact form's two emails: to the support inbox, and the acknowledgement to the sender. */
const contactMails = {
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
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof contactMails> {}
}

defineMailTemplates(contactMails);
