import { describe, expect, it } from '@jest/globals';
import { formatDateOnly, formatDateTime, formatDayTime, formatMonthYear, formatTime, formatWeekdayDate, ukDateTime } from '@redpen/shared/dates';

describe('one formatter of moments (en-GB, 24-hour)', () => {
  const at = new Date('2026-11-27T16:18:00Z');

  it('writes "27 November 2026, 16:18" in London time for emails', () => {
    expect(ukDateTime(at)).toBe('27 November 2026, 16:18');
    // British Summer Time: 15:30 UTC is 16:30 in London.
    expect(ukDateTime(new Date('2026-07-01T15:30:00Z'))).toBe('1 July 2026, 16:30');
  });

  it('writes the same style in each viewer’s time zone, 24-hour, never AM/PM', () => {
    expect(formatDateTime(at, 'Europe/London')).toBe('27 November 2026, 16:18');
    expect(formatDateTime(at, 'America/New_York')).toBe('27 November 2026, 11:18');
    expect(formatDateTime('2026-11-27T00:05:00Z', 'UTC')).toBe('27 November 2026, 00:05');
    expect(formatDateTime(at.getTime(), 'Asia/Tokyo')).toBe('28 November 2026, 01:18');
  });

  it('has day-only, day-and-time and time-only forms in the same style', () => {
    expect(formatDateOnly(at, 'Europe/London')).toBe('27 November 2026');
    expect(formatDayTime(at, 'Europe/London')).toBe('27 November, 16:18');
    expect(formatTime(at, 'Europe/London')).toBe('16:18');
    expect(formatWeekdayDate(at, 'Europe/London')).toBe('Friday 27 November 2026');
    expect(formatWeekdayDate(at, 'Europe/London', false)).toBe('Friday 27 November');
    expect(formatMonthYear(at, 'Europe/London')).toBe('November 2026');
  });
});
