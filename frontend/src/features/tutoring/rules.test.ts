import { describe, expect, it } from 'vitest';
import { bookingDays, dbsRules, localDayKey, profileRules, sessionTiming, startsInMinutes } from './rules';
import { makeSession } from './test-fixtures';

const T0 = Date.parse('2027-01-11T09:00:00Z');

describe('tutoring rules', () => {
  it('session timing: upcoming before the start, active until the end, completed from the end', () => {
    const s = {
      startTime: '2027-01-11T09:00:00Z',
      endTime: '2027-01-11T10:00:00Z',
    };
    expect(sessionTiming(s, T0 - 1)).toBe('upcoming');
    expect(sessionTiming(s, T0)).toBe('active');
    expect(sessionTiming(s, T0 + 3_600_000 - 1)).toBe('active');
    expect(sessionTiming(s, T0 + 3_600_000)).toBe('completed');
  });

  it('"Starts in Nm" within 30 minutes only', () => {
    const s = makeSession({ startTime: '2027-01-11T09:00:00Z' });
    expect(startsInMinutes(s, T0 - 31 * 60_000)).toBeNull();
    expect(startsInMinutes(s, T0 - 30 * 60_000)).toBe(30);
    expect(startsInMinutes(s, T0 - 60_000)).toBe(1);
    expect(startsInMinutes(s, T0)).toBeNull();
  });

  it('booking days: each available weekday once in the coming week, with its slots', () => {
    const slot = {
      startTime: new Date(T0 + 86_400_000).toISOString(),
      endTime: new Date(T0 + 86_400_000 + 3_600_000).toISOString(),
    };
    const days = bookingDays({ monday: ['09:00-10:00'], tuesday: ['09:00-10:00'] }, [slot], T0);
    expect(days).toHaveLength(2);
    const tuesday = days.find((d) => d.key === localDayKey(Date.parse(slot.startTime)))!;
    expect(tuesday.slots).toEqual([slot]);
    expect(tuesday.label).toMatch(/^Tuesday \(12 January\)$/);
  });

  it('profile: rate in pounds between £1 and £500 with at most two decimals; subject and description required', () => {
    const ok = {
      subject: 'Maths',
      hourlyRate: '35.50',
      description: 'Hi',
      status: 'Available' as const,
      availability: {},
    };
    expect(Object.values(profileRules(ok)).filter(Boolean)).toEqual([]);
    for (const hourlyRate of ['', '0.99', '500.01', '12.345', 'abc']) expect(profileRules({ ...ok, hourlyRate }).hourlyRate).toMatch(/between £1 and £500/);
    expect(profileRules({ ...ok, hourlyRate: '500' }).hourlyRate).toBeNull();
    expect(profileRules({ ...ok, subject: ' ' }).subject).toBe('Subject is required');
  });

  it('DBS form: all fields required, then a PDF, JPG or PNG file', () => {
    const file = (name: string, body = 'x') => new File([body], name);
    expect(
      dbsRules({
        fullName: '',
        certificateNumber: '1',
        certificateFile: file('a.pdf'),
      }),
    ).toEqual({ root: 'Please fill in all required fields' });
    expect(
      dbsRules({
        fullName: 'A',
        certificateNumber: '1',
        certificateFile: file('a.docx'),
      }).certificateFile,
    ).toMatch(/^Invalid file selected/);
    expect(
      dbsRules({
        fullName: 'A',
        certificateNumber: '1',
        certificateFile: file('a.png', ''),
      }).certificateFile,
    ).toMatch(/^Invalid file selected/);
    expect(
      dbsRules({
        fullName: 'A',
        certificateNumber: '1',
        certificateFile: file('a.JPG'),
      }),
    ).toEqual({});
  });
});
