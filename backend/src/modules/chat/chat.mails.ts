import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';
import { CHAT_MAIL_WINDOW_MS } from '@redpen/shared/notifications';

/** Chat emails, sent by Notifications on chat's events (chat.events.ts). */
const chatMails = {
  'chat.warning': (d: { name: string; note: string | null }): RenderedMail =>
    layout('A warning about your messages', [
      `Hello ${d.name},`,
      'An admin has reviewed a conversation of yours and is warning you about its content. Please keep to our community rules: be respectful, and keep contact details and payments on the platform.',
      ...(d.note ? [`The admin's note: ${d.note}`] : []),
      'Further breaches may lead to your account being banned.',
    ]),
  'chat.unread': (d: { name: string; senderName: string; count: number; excerpt: string; chatsUrl: string }): RenderedMail =>
    layout(d.count === 1 ? `New message from ${d.senderName}` : `${d.count} new messages from ${d.senderName}`, [
      `Hello ${d.name},`,
      d.count === 1 ? `${d.senderName} sent you a message on Redpen while you were away:` : `${d.senderName} sent you ${d.count} messages on Redpen while you were away. The latest:`,
      `"${d.excerpt}"`,
      `Reply in Redpen: answers to this email are not delivered. We email at most once every ${CHAT_MAIL_WINDOW_MS / 60_000} minutes per conversation; you can turn these emails off in your profile.`,
    ], { action: { label: 'Reply in Redpen', url: d.chatsUrl } }),
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof chatMails> {}
}

defineMailTemplates(chatMails);
