import { describe, expect, it } from '@jest/globals';
import * as tutoring from '@redpen/shared/tutoring';

describe('tutoring constants', () => {
  it('are the product’s: 30/60-minute sessions, 30–60-minute interviews, 15 min lead, 24 h cancellation, 900 s hold, 2 unpaid holds (1 per tutor)', () => {
    const { isSessionLength, ...constants } = tutoring;
    expect(constants).toEqual({
      AVAILABILITY_WEEKDAYS: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      SLOT_TIMES: ['09:00-10:00', '10:00-11:00', '11:00-12:00', '12:00-13:00', '14:00-15:00', '15:00-16:00', '16:00-17:00', '17:00-18:00'],
      TUTORING_STATUSES: ['Available', 'Unavailable'],
      STARTS_SOON_MINUTES: 30,
      HOURLY_RATE_MIN_PENCE: 100,
      HOURLY_RATE_MAX_PENCE: 50_000,
      PURPOSE_MAX_LENGTH: 500,
      SESSION_LENGTHS_MINUTES: [30, 60],
      INTERVIEW_MIN_MINUTES: 30,
      INTERVIEW_MAX_MINUTES: 60,
      BOOKING_LEAD_MINUTES: 15,
      BOOKING_LEAD_MS: 900_000,
      STUDENT_CANCELLATION_WINDOW_HOURS: 24,
      STUDENT_CANCELLATION_WINDOW_MS: 86_400_000,
      DEFAULT_BOOKING_HOLD_SECONDS: 900,
      DEFAULT_TIME_ZONE: 'Europe/London',
      MAX_LIVE_HOLDS_PER_STUDENT: 2,
      MAX_LIVE_HOLDS_PER_TUTOR: 1,
    });
    expect([15, 30, 45, 60, 90].filter(isSessionLength)).toEqual([30, 60]);
  });
});
