import { defineMailTemplates, type TemplatesOf } from '../../infra/mail/templates/index.js';
import { layout } from '../../infra/mail/templates/layout.js';
import type { RenderedMail } from '../../infra/mail/mail.types.js';
import { formatTime, ukDateTime } from '@redpen/shared/dates';
import { sessionInvite, type SessionInvite } from './session-invite.js';

/** What every session mail knows: who it is for, the other side, the session (times ISO, shown in UK time). */
interface SessionMailData {
  name: string;
  otherName: string;
  side: 'student' | 'tutor';
  purpose: string;
  startTime: string;
  endTime: string;
  meetingLink: string | null;
  sessionsUrl: string;
}

const when = (d: SessionMailData) => `${ukDateTime(new Date(d.startTime))} – ${formatTime(d.endTime, 'Europe/London')} (UK time)`;

function withInvite(mail: RenderedMail, invite: SessionInvite): RenderedMail {
  return { ...mail, icalEvent: { method: invite.method, filename: invite.method === 'CANCEL' ? 'cancelled-session.ics' : 'session.ics', content: sessionInvite(invite) } };
}

/** Tutoring emails, sent by Notifications on the session's domain events (tutoring.events.ts). */
const tutoringMails = {
  'tutoring.session-confirmed': (d: SessionMailData & { invite: SessionInvite }): RenderedMail =>
    withInvite(
      layout(`Your tutoring session is booked: ${when(d)}`, [
        `Hello ${d.name},`,
        d.side === 'student' ? `Your session with ${d.otherName} is booked and paid for.` : `${d.otherName} has booked and paid for a session with you.`,
        `Purpose: ${d.purpose}`,
        `When: ${when(d)}`,
        ...(d.meetingLink ? [`Join the meeting at ${d.meetingLink} when it starts.`] : []),
        'The attached invite adds it to your calendar. You can message each other in Chats.',
        `Your sessions: ${d.sessionsUrl}`,
      ]),
      d.invite,
    ),
  /**
   * `otherAccountClosed`: the platform cancelled it because the other side's account was banned, which this side is
   * told; the banned side reads only that our team cancelled it.
   */
  'tutoring.session-cancelled': (d: SessionMailData & { invite: SessionInvite; cancelledBy: 'student' | 'tutor' | 'platform'; refund: string; otherAccountClosed?: boolean }): RenderedMail =>
    withInvite(
      layout(`Tutoring session cancelled: ${when(d)}`, [
        `Hello ${d.name},`,
        d.cancelledBy === d.side
          ? `You cancelled your session with ${d.otherName} (${when(d)}).`
          : d.cancelledBy === 'platform'
            ? d.otherAccountClosed
              ? `${d.otherName} can no longer take part in sessions on Redpen, so our team cancelled your session (${when(d)}).`
              : `Your session with ${d.otherName} (${when(d)}) was cancelled by our team.`
            : `${d.otherName} cancelled your session (${when(d)}).`,
        d.side === 'student' ? `The full payment of ${d.refund} is being refunded to you.` : 'The slot is free again for other students to book.',
        'The attached update removes it from your calendar.',
      ]),
      d.invite,
    ),
  'tutoring.session-reminder': (d: SessionMailData & { hoursBefore: number }): RenderedMail =>
    layout(`Reminder: your tutoring session starts ${d.hoursBefore === 1 ? 'in 1 hour' : `in ${d.hoursBefore} hours`}`, [
      `Hello ${d.name},`,
      `Your session with ${d.otherName} starts ${d.hoursBefore === 1 ? 'in 1 hour' : `in ${d.hoursBefore} hours`}: ${when(d)}.`,
      `Purpose: ${d.purpose}`,
      ...(d.meetingLink ? [`Join the meeting at ${d.meetingLink}`] : []),
    ]),
  'tutoring.session-completed': (d: SessionMailData): RenderedMail =>
    layout(`How was your session with ${d.otherName}?`, [
      `Hello ${d.name},`,
      `We hope your session "${d.purpose}" (${when(d)}) went well.`,
      `Rate it at ${d.sessionsUrl}: your rating helps other students choose, and helps ${d.otherName}.`,
    ]),
};

declare module '../../infra/mail/templates/index.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the names and data types of the set above
  interface MailTemplates extends TemplatesOf<typeof tutoringMails> {}
}

defineMailTemplates(tutoringMails);

export type { SessionMailData };
