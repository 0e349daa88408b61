import { describe, expect, it } from '@jest/globals';
import { inviteUid, sessionInvite, type SessionInvite } from './session-invite.js';

const invite: SessionInvite = {
  sessionId: '2b0f4a54-3c1e-4d59-9d0e-6f6f2c1c9e01',
  method: 'REQUEST',
  purpose: 'Oxford interview practice; English, with a mock',
  startTime: '2027-01-11T09:00:00.000Z',
  endTime: '2027-01-11T10:00:00.000Z',
  meetingLink: 'https://meet.jit.si/redpen-abc',
  stampedAt: '2027-01-01T12:00:00.000Z',
  organizer: { name: 'Redpen', email: 'no-reply@redpen.local' },
  attendees: [
    { name: 'Sam Student', email: 'sam@example.com' },
    { name: 'Theo Tutor', email: 'theo@example.com' },
  ],
};

describe('sessionInvite', () => {
  it('writes one UTC event with the stable UID, escaped text and CRLF lines', () => {
    const ics = sessionInvite(invite);
    expect(ics).toContain(`UID:${inviteUid(invite.sessionId)}\r\n`);
    expect(ics).toContain('DTSTART:20270111T090000Z\r\nDTEND:20270111T100000Z\r\n');
    expect(ics).toContain('METHOD:REQUEST\r\n');
    expect(ics).toContain('SEQUENCE:0\r\n');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:Redpen tutoring session: Oxford interview practice\\; English\\, with a mock');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('cancels the same event: same UID, METHOD:CANCEL, a higher SEQUENCE', () => {
    const ics = sessionInvite({ ...invite, method: 'CANCEL' });
    expect(ics).toContain(`UID:${inviteUid(invite.sessionId)}\r\n`);
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain('STATUS:CANCELLED');
  });

  it('folds long lines without splitting a character', () => {
    const ics = sessionInvite({ ...invite, purpose: 'é'.repeat(100) });
    const lines = ics.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:Redpen tutoring session: ${'é'.repeat(100)}`);
  });
});
