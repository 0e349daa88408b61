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
} satisfies Record<string, (data: never) => RenderedMail>;

export type TemplateName = keyof typeof templates;
export type TemplateData<T extends TemplateName> = Parameters<(typeof templates)[T]>[0];

export function renderTemplate<T extends TemplateName>(name: T, data: TemplateData<T>): RenderedMail {
  return (templates[name] as (data: TemplateData<T>) => RenderedMail)(data);
}
