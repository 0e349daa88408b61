import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';

/** Sign-in and account emails (codes and links): sent by Auth on the request path, the request's own answer. */
const authMails = {
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
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof authMails> {}
}

defineMailTemplates(authMails);
