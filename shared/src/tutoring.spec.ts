import { describe, expect, it } from '@jest/globals';
import * as tutoring from '@redpen/shared/tutoring';

describe('tutoring constants', () => {
  it('are the design’s: 30/60-minute sessions, 30–60-minute interviews, 15 min lead, 24 h cancellation, 900 s hold', () => {
    const { isSessionLength, ...constants } = tutoring;
    expect(constants).toEqual({
      SESSION_LENGTHS_MINUTES: [30, 60],
      INTERVIEW_MIN_MINUTES: 30,
      INTERVIEW_MAX_MINUTES: 60,
      BOOKING_LEAD_MINUTES: 15,
      BOOKING_LEAD_MS: 900_000,
      STUDENT_CANCELLATION_WINDOW_HOURS: 24,
      STUDENT_CANCELLATION_WINDOW_MS: 86_400_000,
      DEFAULT_BOOKING_HOLD_SECONDS: 900,
      DEFAULT_TIME_ZONE: 'Europe/London',
    });
    expect([15, 30, 45, 60, 90].filter(isSessionLength)).toEqual([30, 60]);
  });
});
