import { createEvent, type EventAttributes } from 'ics';

/**
 * The `.ics` of a session (RFC 5545), written by the `ics` package: one event, UTC times, text escaped (`\`, `;`, `,`,
 * line breaks as `\n`) and lines folded by it. Each person gets their own copy: the other person is named by first
 * name only and no personal address is in it but the recipient's own (the only ATTENDEE, so calendars match the
 * invite to the mailbox); the ORGANIZER is the platform's no-reply address. The UID is stable per session
 * (`session-<id>@redpen`), so a calendar that took the invite (METHOD:REQUEST, SEQUENCE 0) removes the same event on
 * the cancellation (METHOD:CANCEL, SEQUENCE 1).
 */
export interface SessionInvite {
  sessionId: string;
  method: 'REQUEST' | 'CANCEL';
  purpose: string;
  startTime: string;
  endTime: string;
  meetingLink: string | null;
  /** When this version of the event was made (the confirmation or the cancellation): DTSTAMP. */
  stampedAt: string;
  /** The platform's no-reply address, as the mail From names it (`Redpen <no-reply@…>` or the bare address): the ORGANIZER. */
  organizerEmail: string;
  /** Whom this copy is for: named by first name, with their own address. */
  recipient: { name: string; email: string };
  /** The other person of the session: named by first name only. */
  otherName: string;
}

export const inviteUid = (sessionId: string): string => `session-${sessionId}@redpen`;

/**
 * Free text as one logical line: every line break (CRLF, LF and a bare CR, which the package does not escape) becomes
 * one `\n` for the package to escape; other control characters go (tab becomes a space).
 */
export function inviteText(value: string): string {
  return value
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\n')
    .replace(/\t/g, ' ')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

/** A name as a quoted parameter value (CN): the first word only, no quotes or control characters. */
export function firstName(name: string): string {
  const first = inviteText(name).replace(/["\n]/g, ' ').trim().split(/\s+/)[0] ?? '';
  return first.slice(0, 50) || 'Redpen user';
}

/** An address fit for a `mailto:` value, or undefined (nothing that could end the line or the value). */
const mailto = (email: string): string | undefined => (/^[^\s"<>;:,\\()[\]]+@[^\s"<>;:,\\()[\]]+$/.test(email) ? email : undefined);

/** The address part of a From header such as `Redpen <no-reply@redpen.local>`. */
export const addressOf = (from: string): string => (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();

export function sessionInvite(invite: SessionInvite): string {
  const cancel = invite.method === 'CANCEL';
  const other = firstName(invite.otherName);
  const purpose = inviteText(invite.purpose);
  const link = invite.meetingLink ? inviteText(invite.meetingLink) : undefined;
  const recipient = mailto(invite.recipient.email);
  const organizer = mailto(addressOf(invite.organizerEmail));
  // DTSTAMP: the package reads `timestamp` (ms) though its types leave it out.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: '-//Redpen//Tutoring sessions//EN',
    method: invite.method,
    uid: inviteUid(invite.sessionId),
    sequence: cancel ? 1 : 0,
    timestamp: Date.parse(invite.stampedAt),
    start: Date.parse(invite.startTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(invite.endTime),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `Redpen tutoring session with ${other}: ${purpose}`,
    description: [`Tutoring session with ${other}.`, `Purpose: ${purpose}`, ...(link ? [`Join the meeting: ${link}`] : [])].join('\n'),
    ...(link ? { location: link, ...(URL.canParse(link) ? { url: link } : {}) } : {}),
    status: cancel ? 'CANCELLED' : 'CONFIRMED',
    ...(organizer ? { organizer: { name: 'Redpen', email: organizer } } : {}),
    ...(recipient ? { attendees: [{ name: firstName(invite.recipient.name), email: recipient, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }] } : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`The session invite could not be written: ${error?.message ?? 'no output'}`);
  return value;
}
