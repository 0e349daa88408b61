import { describe, expect, it } from '@jest/globals';
import { addressOf, firstName, inviteUid, sessionInvite, type SessionInvite } from './session-invite.js';

const invite: SessionInvite = {
  sessionId: '2b0f4a54-3c1e-4d59-9d0e-6f6f2c1c9e01',
  method: 'REQUEST',
  purpose: 'Oxford interview practice; English, with a mock',
  startTime: '2027-01-11T09:00:00.000Z',
  endTime: '2027-01-11T10:00:00.000Z',
  meetingLink: 'https://meet.jit.si/redpen-abc',
  stampedAt: '2027-01-01T12:00:00.000Z',
  organizerEmail: 'no-reply@redpen.local',
  recipient: { name: 'Sam Student', email: 'sam@example.com' },
  otherName: 'Theo Tutor',
};

/** The properties an invite may carry (RFC 5545 names, and the one the package always writes). */
const KNOWN = new Set(['BEGIN', 'END', 'VERSION', 'CALSCALE', 'PRODID', 'METHOD', 'X-PUBLISHED-TTL', 'UID', 'SUMMARY', 'DTSTAMP', 'DTSTART', 'DTEND', 'SEQUENCE', 'DESCRIPTION', 'URL', 'LOCATION', 'STATUS', 'ORGANIZER', 'ATTENDEE']);

/** The content lines after unfolding (RFC 5545 §3.1: CRLF followed by a space or a tab continues the line). */
function contentLines(ics: string): string[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  // Every line break is a CRLF: no bare CR or LF anywhere.
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
}
const nameOf = (line: string) => /^[A-Z-]+/.exec(line)?.[0] ?? line;
const property = (ics: string, name: string) => contentLines(ics).filter((l) => nameOf(l) === name);

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, each line break one `\n`, other control characters gone. */
const escaped = (text: string) =>
  text
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\n')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

const HOSTILE = [
  'Maths\rATTENDEE;CN=Mallory:mailto:mallory@example.com',
  'Maths\nX-INJECTED:1',
  'Maths\r\nX-INJECTED:1\r\nATTENDEE:mailto:mallory@example.com',
  'Maths\r\n ORGANIZER:mailto:mallory@example.com',
  'a;b,c\\d\\nX-NOT-A-BREAK:1',
  'Maths\u2028X-INJECTED:1\u0000\u000bEND:VEVENT',
  `${'Long purpose, with commas; and semicolons \\ '.repeat(20)}\rX-INJECTED:1`,
];

describe('sessionInvite', () => {
  it('writes one UTC event with the stable UID, the platform as organizer and the recipient as the only attendee', () => {
    const ics = sessionInvite(invite);
    const lines = contentLines(ics);
    expect(lines.every((l) => KNOWN.has(nameOf(l)))).toBe(true);
    expect(lines).toContain(`UID:${inviteUid(invite.sessionId)}`);
    expect(lines).toEqual(expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:0', 'STATUS:CONFIRMED', 'DTSTART:20270111T090000Z', 'DTEND:20270111T100000Z', 'DTSTAMP:20270101T120000Z']));
    expect(property(ics, 'SUMMARY')).toEqual(['SUMMARY:Redpen tutoring session with Theo: Oxford interview practice\\; English\\, with a mock']);
    expect(property(ics, 'ORGANIZER')).toEqual(['ORGANIZER;CN="Redpen":MAILTO:no-reply@redpen.local']);
    expect(property(ics, 'ATTENDEE')).toEqual(['ATTENDEE;RSVP=FALSE;ROLE="REQ-PARTICIPANT";PARTSTAT="ACCEPTED";CN="Sam":mailto:sam@example.com']);
    expect(ics.replace(/\r\n[ \t]/g, '')).not.toMatch(/Theo Tutor|Sam Student|Tutor\b|Student\b/);
    expect(property(ics, 'URL')).toEqual(['URL:https://meet.jit.si/redpen-abc']);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('cancels the same event: same UID, METHOD:CANCEL, a higher SEQUENCE', () => {
    const ics = sessionInvite({ ...invite, method: 'CANCEL', meetingLink: null });
    const lines = contentLines(ics);
    expect(lines).toContain(`UID:${inviteUid(invite.sessionId)}`);
    expect(lines).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'SEQUENCE:1', 'STATUS:CANCELLED']));
    expect(property(ics, 'URL')).toEqual([]);
  });

  it.each(HOSTILE.map((purpose) => [JSON.stringify(purpose), purpose]))('keeps a hostile purpose on one escaped line: %s', (_label, purpose) => {
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const ics = sessionInvite({ ...invite, method, purpose, otherName: purpose, recipient: { name: purpose, email: 'sam@example.com' } });
      const lines = contentLines(ics);
      expect(lines.filter((l) => !KNOWN.has(nameOf(l)))).toEqual([]);
      expect(lines.filter((l) => nameOf(l).startsWith('X-') && l !== 'X-PUBLISHED-TTL:PT1H')).toEqual([]);
      expect(property(ics, 'ATTENDEE')).toHaveLength(1);
      expect(property(ics, 'ATTENDEE')[0]).toMatch(/:mailto:sam@example\.com$/);
      expect(property(ics, 'ORGANIZER')).toHaveLength(1);
      expect(property(ics, 'BEGIN')).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT']);
      expect(property(ics, 'END')).toEqual(['END:VEVENT', 'END:VCALENDAR']);
      const [summary] = property(ics, 'SUMMARY');
      const [description] = property(ics, 'DESCRIPTION');
      // The purpose's text is there, escaped: every ; , and \ preceded by a backslash, line breaks as \n.
      for (const line of [summary!, description!]) {
        const value = line.slice(line.indexOf(':') + 1);
        expect(value.replace(/\\[\\;,nN]/g, '')).not.toMatch(/[\\;,]/);
      }
      expect(description).toContain(`Purpose: ${escaped(purpose)}`);
    }
  });

  it('names people by their first word only, and reads the address from a From header', () => {
    expect(firstName('Theo Tutor')).toBe('Theo');
    expect(firstName('  "Mal"lory\r\nX: y ')).toBe('Mal');
    expect(addressOf('Redpen <no-reply@redpen.local>')).toBe('no-reply@redpen.local');
    expect(addressOf('no-reply@redpen.local')).toBe('no-reply@redpen.local');
  });

  it('leaves out an address that could end its value', () => {
    const ics = sessionInvite({ ...invite, recipient: { name: 'Sam', email: 'sam@example.com\r\nX-INJECTED:1' }, organizerEmail: 'a;b@redpen.local' });
    expect(property(ics, 'ATTENDEE')).toEqual([]);
    expect(property(ics, 'ORGANIZER')).toEqual([]);
    expect(contentLines(ics).every((l) => KNOWN.has(nameOf(l)))).toBe(true);
  });

  it('folds long lines without splitting a character', () => {
    const ics = sessionInvite({ ...invite, purpose: 'é'.repeat(100) });
    expect(ics.split('\r\n').every((line) => [...line].length <= 75)).toBe(true);
    expect(property(ics, 'SUMMARY')).toEqual([`SUMMARY:Redpen tutoring session with Theo: ${'é'.repeat(100)}`]);
  });
});
