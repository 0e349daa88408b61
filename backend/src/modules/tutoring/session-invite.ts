/**
 * The `.ics` of a session (RFC 5545), written by hand: one event, UTC times, CRLF lines folded at 75 octets.
 * The UID is stable per session (`session-<id>@redpen`), so a calendar that took the invite (METHOD:REQUEST,
 * SEQUENCE 0) removes the same event on the cancellation (METHOD:CANCEL, SEQUENCE 1).
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
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

export const inviteUid = (sessionId: string): string => `session-${sessionId}@redpen`;

const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const text = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** A parameter value (CN) in quotes: no quotes or control characters inside. */
const param = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/** Folds a content line to 75 octets per line (continuations start with a space), never splitting a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
    }
    current += char;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function sessionInvite(invite: SessionInvite): string {
  const cancel = invite.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Redpen//Tutoring sessions//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${inviteUid(invite.sessionId)}`,
    `SEQUENCE:${cancel ? 1 : 0}`,
    `DTSTAMP:${utc(invite.stampedAt)}`,
    `DTSTART:${utc(invite.startTime)}`,
    `DTEND:${utc(invite.endTime)}`,
    `SUMMARY:${text(`Redpen tutoring session: ${invite.purpose}`)}`,
    ...(invite.meetingLink ? [`LOCATION:${text(invite.meetingLink)}`, `URL:${invite.meetingLink}`, `DESCRIPTION:${text(`Join the meeting: ${invite.meetingLink}`)}`] : []),
    `ORGANIZER;CN=${param(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...invite.attendees.map((a) => `ATTENDEE;CN=${param(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${a.email}`),
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
