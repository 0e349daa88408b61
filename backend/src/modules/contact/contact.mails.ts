import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';

/**
 * The contact form's two emails: to the support inbox (everything the sender typed, with the reference), and the
 * acknowledgement to the address typed in the form. That address is anyone's, so the acknowledgement carries no text
 * the sender typed (no name, subject or message), only fixed words and the reference Redpen made:
 * the form cannot be used to send someone a message under Redpen's name.
 */
const contactMails = {
  'contact.support': (d: { name: string; email: string; subject: string; message: string; reference: string }): RenderedMail =>
    layout(`Contact form: ${d.subject} [${d.reference}]`, [
      `New message from ${d.name} <${d.email}> through the contact form (reference ${d.reference}).`,
      `Subject: ${d.subject}`,
      d.message,
    ]),
  'contact.acknowledgement': (d: { reference: string }): RenderedMail =>
    layout(`We received your message (${d.reference})`, [
      'Hello,',
      `Thank you for contacting Redpen. Our support team has your message and will reply within one business day. Your reference is ${d.reference}.`,
      'If you did not send this message, you can ignore this email.',
    ]),
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof contactMails> {}
}

defineMailTemplates(contactMails);
