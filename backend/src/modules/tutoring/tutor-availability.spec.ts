import { describe, expect, it } from '@jest/globals';
import { availabilityFromUtc, availabilityInUtc, fitsAvailability, isTimeZone, nextSlots, normaliseAvailability, wallClock, zonedInstant } from './tutor-availability.js';

const EVERY_DAY_NINE = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, ['09:00-10:00']]));
const LONDON = 'Europe/London';

/** How a viewer in `timeZone` reads an instant: "HH:MM". */
const seenIn = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

describe('zonedInstant', () => {
  it('is 09:00 London as 09:00Z in January and 08:00Z in July', () => {
    expect(zonedInstant({ year: 2027, month: 1, day: 11 }, { hour: 9, minute: 0 }, LONDON)?.toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(zonedInstant({ year: 2027, month: 7, day: 12 }, { hour: 9, minute: 0 }, LONDON)?.toISOString()).toBe('2027-07-12T08:00:00.000Z');
  });

  it('has no instant inside the spring-forward gap and takes the earlier one in the autumn overlap', () => {
    expect(zonedInstant({ year: 2027, month: 3, day: 28 }, { hour: 1, minute: 30 }, LONDON)).toBeUndefined();
    expect(zonedInstant({ year: 2027, month: 10, day: 31 }, { hour: 1, minute: 30 }, LONDON)?.toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });

  it('works for zones west of UTC and with half-hour offsets', () => {
    expect(zonedInstant({ year: 2027, month: 3, day: 15 }, { hour: 9, minute: 0 }, 'America/New_York')?.toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(zonedInstant({ year: 2027, month: 1, day: 4 }, { hour: 9, minute: 0 }, 'Asia/Kolkata')?.toISOString()).toBe('2027-01-04T03:30:00.000Z');
  });

  it('round-trips through wallClock', () => {
    const at = zonedInstant({ year: 2027, month: 10, day: 30 }, { hour: 17, minute: 0 }, LONDON)!;
    expect(wallClock(at, LONDON)).toMatchObject({ year: 2027, month: 10, day: 30, hour: 17, minute: 0, weekday: 'saturday' });
  });
});

describe('nextSlots across the clock changes (a 09:00 slot stays 09:00 London)', () => {
  it('March: 09:00Z before the last Sunday, 08:00Z from it; London viewers see 09:00 throughout, UTC viewers 09:00 then 08:00', () => {
    const now = new Date('2027-03-25T12:00:00Z'); // Thursday; clocks go forward on Sunday 28 March 2027
    const slots = nextSlots(EVERY_DAY_NINE, LONDON, now);
    expect(slots).toHaveLength(14);
    expect(slots.slice(0, 3).map((s) => s.startTime)).toEqual(['2027-03-26T09:00:00.000Z', '2027-03-27T09:00:00.000Z', '2027-03-28T08:00:00.000Z']);
    expect(slots.every((s) => seenIn(s.startTime, LONDON) === '09:00' && seenIn(s.endTime, LONDON) === '10:00')).toBe(true);
    expect(slots.map((s) => seenIn(s.startTime, 'UTC')).slice(0, 4)).toEqual(['09:00', '09:00', '08:00', '08:00']);
  });

  it('October: 08:00Z before the last Sunday, 09:00Z from it', () => {
    const now = new Date('2027-10-28T12:00:00Z'); // Thursday; clocks go back on Sunday 31 October 2027
    const slots = nextSlots(EVERY_DAY_NINE, LONDON, now);
    expect(slots.slice(0, 4).map((s) => s.startTime)).toEqual(['2027-10-29T08:00:00.000Z', '2027-10-30T08:00:00.000Z', '2027-10-31T09:00:00.000Z', '2027-11-01T09:00:00.000Z']);
    expect(slots.every((s) => seenIn(s.startTime, LONDON) === '09:00')).toBe(true);
    expect(slots.map((s) => seenIn(s.startTime, 'UTC')).slice(0, 4)).toEqual(['08:00', '08:00', '09:00', '09:00']);
  });

  it('leaves out slots starting within 15 minutes, taken ones and anything past 14 days', () => {
    const now = new Date('2027-01-11T08:50:00Z'); // Monday, 10 minutes before the 09:00 slot
    const busy = [{ start: Date.parse('2027-01-12T09:00:00Z'), end: Date.parse('2027-01-12T09:30:00Z') }];
    const slots = nextSlots(EVERY_DAY_NINE, LONDON, now, busy).map((s) => s.startTime);
    expect(slots[0]).toBe('2027-01-13T09:00:00.000Z');
    expect(slots).not.toContain('2027-01-11T09:00:00.000Z');
    expect(slots).not.toContain('2027-01-12T09:00:00.000Z');
    expect(slots.at(-1)).toBe('2027-01-24T09:00:00.000Z');
    expect(slots).toHaveLength(12);
  });

  it('offers a slot 15 minutes away but not 14', () => {
    expect(nextSlots(EVERY_DAY_NINE, LONDON, new Date('2027-01-11T08:45:00Z'))[0]!.startTime).toBe('2027-01-11T09:00:00.000Z');
    expect(nextSlots(EVERY_DAY_NINE, LONDON, new Date('2027-01-11T08:46:00Z'))[0]!.startTime).toBe('2027-01-12T09:00:00.000Z');
  });
});

describe('fitsAvailability', () => {
  const monday = { monday: ['09:00-10:00', '14:00-15:00'] };
  it('accepts 30 or 60 minutes from a slot start, in summer and winter time', () => {
    expect(fitsAvailability(monday, LONDON, new Date('2027-07-12T08:00:00Z'), new Date('2027-07-12T09:00:00Z'))).toBe(true);
    expect(fitsAvailability(monday, LONDON, new Date('2027-01-11T14:00:00Z'), new Date('2027-01-11T14:30:00Z'))).toBe(true);
  });
  it('refuses a start off the slot, past its end, or on another day', () => {
    expect(fitsAvailability(monday, LONDON, new Date('2027-07-12T09:00:00Z'), new Date('2027-07-12T10:00:00Z'))).toBe(false); // 10:00 London
    expect(fitsAvailability(monday, LONDON, new Date('2027-01-11T09:30:00Z'), new Date('2027-01-11T10:00:00Z'))).toBe(false);
    expect(fitsAvailability(monday, LONDON, new Date('2027-01-11T09:00:00Z'), new Date('2027-01-11T10:30:00Z'))).toBe(false);
    expect(fitsAvailability(monday, LONDON, new Date('2027-01-12T09:00:00Z'), new Date('2027-01-12T10:00:00Z'))).toBe(false);
  });
});

describe('normaliseAvailability', () => {
  it('takes weekday keys in either case, drops repeats and sorts', () => {
    expect(normaliseAvailability({ Monday: ['10:00-11:00', '09:00-10:00', '09:00-10:00'], sunday: [] })).toEqual({ availability: { monday: ['09:00-10:00', '10:00-11:00'] } });
  });
  it('names every problem', () => {
    const result = normaliseAvailability({ Funday: ['09:00-10:00'], monday: ['13:00-14:00'], tuesday: 'x' });
    expect('problems' in result && result.problems).toEqual([expect.stringContaining('Funday'), expect.stringContaining('13:00-14:00'), expect.stringContaining('tuesday')]);
    expect(normaliseAvailability([])).toEqual({ problems: [expect.any(String)] });
  });
});

it('knows IANA zones', () => {
  expect(isTimeZone('Europe/London')).toBe(true);
  expect(isTimeZone('Mars/Olympus')).toBe(false);
});

describe('availability in UTC ("GMT") for the coming week, and back', () => {
  const SUMMER = new Date('2027-07-07T12:00:00Z'); // Wednesday, London on summer time (UTC+1)
  const WINTER = new Date('2027-01-07T12:00:00Z');

  it('gives a Europe/London tutor’s 09:00 as 08:00 UTC in summer time and 09:00 in winter', () => {
    const local = { monday: ['09:00-10:00', '17:00-18:00'], friday: ['14:00-15:00'] };
    expect(availabilityInUtc(local, LONDON, SUMMER)).toEqual({ monday: ['08:00-09:00', '16:00-17:00'], friday: ['13:00-14:00'] });
    expect(availabilityInUtc(local, LONDON, WINTER)).toEqual(local);
  });

  it('moves a slot to the UTC weekday it falls on, and keeps half-hour offsets', () => {
    expect(availabilityInUtc({ monday: ['09:00-10:00'] }, 'Pacific/Auckland', WINTER)).toEqual({ sunday: ['20:00-21:00'] });
    expect(availabilityInUtc({ monday: ['09:00-10:00'] }, 'Asia/Kolkata', WINTER)).toEqual({ monday: ['03:30-04:30'] });
  });

  it('follows the clock change inside the coming week: each day as it will be', () => {
    // Thursday 25 March 2027; the clocks go forward on Sunday 28 March: Sunday and Monday to Wednesday are on summer time.
    expect(availabilityInUtc(EVERY_DAY_NINE, LONDON, new Date('2027-03-25T12:00:00Z'))).toEqual({
      monday: ['08:00-09:00'],
      tuesday: ['08:00-09:00'],
      wednesday: ['08:00-09:00'],
      thursday: ['09:00-10:00'],
      friday: ['09:00-10:00'],
      saturday: ['09:00-10:00'],
      sunday: ['08:00-09:00'],
    });
  });

  it('reads UTC slots into the tutor’s wall clock: the inverse, whatever the season', () => {
    expect(availabilityFromUtc({ Monday: ['08:00-09:00'], friday: ['13:00-14:00'] }, LONDON, SUMMER)).toEqual({ availability: { monday: ['09:00-10:00'], friday: ['14:00-15:00'] } });
    expect(availabilityFromUtc({ monday: ['09:00-10:00'] }, LONDON, WINTER)).toEqual({ availability: { monday: ['09:00-10:00'] } });
    for (const [zone, now] of [[LONDON, SUMMER], ['Pacific/Auckland', WINTER], ['Asia/Kolkata', SUMMER], ['America/New_York', new Date('2027-03-10T12:00:00Z')]] as const) {
      const local = { monday: ['09:00-10:00', '17:00-18:00'], wednesday: ['12:00-13:00'], sunday: ['14:00-15:00'] };
      expect(availabilityFromUtc(availabilityInUtc(local, zone, now), zone, now)).toEqual({ availability: local });
    }
  });

  it('refuses a UTC slot that is not one of the hourly slots in the tutor’s zone this week, naming it', () => {
    const answer = availabilityFromUtc({ monday: ['08:30-09:30', 'nonsense'], someday: [] }, LONDON, SUMMER);
    expect(answer).toEqual({ problems: [expect.stringContaining('"08:30-09:30", "nonsense" are not slots in UTC'), '"someday" is not a weekday'] });
    expect(availabilityFromUtc(['monday'], LONDON, SUMMER)).toEqual({ problems: ['Availability must be a map from weekday to a list of slots'] });
  });
});
