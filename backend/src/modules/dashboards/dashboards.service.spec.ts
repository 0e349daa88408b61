import { describe, expect, it } from '@jest/globals';
import type { EssayReviewsService } from '../essays/essay-reviews.service.js';
import type { EssaysService } from '../essays/essays.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { RatingsService } from '../ratings/ratings.service.js';
import type { TutoringSessionsService } from '../tutoring/tutoring-sessions.service.js';
import { averagePercentage, DashboardsService } from './dashboards.service.js';

/** Each owner answers its own figure for the asked user only; the service puts them under the routes' keys. */
function service(figures: { submitted: number; averageScore: number | null; reviewed: number; sessions: Record<'student' | 'tutor', number>; rating: { average: number; count: number }; earningsPence: number }) {
  const asked: string[] = [];
  const ask = <T>(what: string, value: T) => (...args: unknown[]) => {
    asked.push(`${what}(${args.join(',')})`);
    return Promise.resolve(value);
  };
  const dashboards = new DashboardsService(
    { studentFigures: ask('essays.studentFigures', { submitted: figures.submitted, averageScore: figures.averageScore }) } as unknown as EssaysService,
    { reviewedCount: ask('reviews.reviewedCount', figures.reviewed) } as unknown as EssayReviewsService,
    { completedCount: (side: 'student' | 'tutor', id: string) => ask('sessions.completedCount', figures.sessions[side])(side, id) } as unknown as TutoringSessionsService,
    { tutorRating: ask('ratings.tutorRating', figures.rating) } as unknown as RatingsService,
    { tutorEarningsPence: ask('payments.tutorEarningsPence', figures.earningsPence) } as unknown as PaymentsService,
  );
  return { dashboards, asked };
}

const FIGURES = { submitted: 5, averageScore: 7.25, reviewed: 3, sessions: { student: 2, tutor: 4 }, rating: { average: 4.5, count: 2 }, earningsPence: 1_815 };

describe('DashboardsService', () => {
  it("answers the student's counters from Essays and Tutoring", async () => {
    const { dashboards, asked } = service(FIGURES);
    expect(await dashboards.student('s1')).toEqual({ essaysSubmitted: 5, interviewsCompleted: 2, averagePercentage: '73%' });
    expect(asked.sort()).toEqual(['essays.studentFigures(s1)', 'sessions.completedCount(student,s1)']);
  });

  it("answers the tutor's counters from Essays, Tutoring, Ratings and Payments, earnings in pounds and pence", async () => {
    const { dashboards, asked } = service(FIGURES);
    expect(await dashboards.tutor('t1')).toEqual({ essaysReviewed: 3, interviewsConducted: 4, rating: 4.5, totalRatings: 2, earnings: 18.15, earningsPence: 1_815 });
    expect(asked.sort()).toEqual(['payments.tutorEarningsPence(t1)', 'ratings.tutorRating(t1)', 'reviews.reviewedCount(t1)', 'sessions.completedCount(tutor,t1)']);
  });

  it('shows the mean score × 10 rounded, and 0% with no reviewed essay', () => {
    expect(averagePercentage(null)).toBe('0%');
    expect(averagePercentage(7.25)).toBe('73%');
    expect(averagePercentage(10)).toBe('100%');
  });
});
