import { Injectable } from '@nestjs/common';
import { poundsFromPence } from '@redpen/shared/money';
import { EssayReviewsService } from '../essays/essay-reviews.service.js';
import { EssaysService } from '../essays/essays.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { TutoringSessionsService } from '../tutoring/tutoring-sessions.service.js';
import type { StudentDashboardDto, TutorDashboardDto } from './dto/dashboard.dto.js';

/** "72%": the mean essay score (1–10) × 10, rounded; "0%" with no reviewed essay. */
export function averagePercentage(averageScore: number | null): string {
  return `${averageScore === null ? 0 : Math.round(averageScore * 10)}%`;
}

/**
 * The student's and the tutor's dashboard counters. Each figure is asked of the module that owns it (Essays, Tutoring,
 * Ratings, Payments, through their services); nothing here reads a table.
 */
@Injectable()
export class DashboardsService {
  constructor(
    private readonly essays: EssaysService,
    private readonly reviews: EssayReviewsService,
    private readonly sessions: TutoringSessionsService,
    private readonly ratings: RatingsService,
    private readonly payments: PaymentsService,
  ) {}

  /** Essays submitted, sessions attended, and the mean score over reviewed essays as a percentage. */
  async student(studentId: string): Promise<StudentDashboardDto> {
    const [essays, interviewsCompleted] = await Promise.all([this.essays.studentFigures(studentId), this.sessions.completedCount('student', studentId)]);
    return { essaysSubmitted: essays.submitted, interviewsCompleted, averagePercentage: averagePercentage(essays.averageScore) };
  }

  /** Essays reviewed, sessions conducted, the average rating out of 5.0 with its count, and what the ledger has paid out (pounds, with the pence twin). */
  async tutor(tutorId: string): Promise<TutorDashboardDto> {
    const [essaysReviewed, interviewsConducted, rating, earningsPence] = await Promise.all([
      this.reviews.reviewedCount(tutorId),
      this.sessions.completedCount('tutor', tutorId),
      this.ratings.tutorRating(tutorId),
      this.payments.tutorEarningsPence(tutorId),
    ]);
    return { essaysReviewed, interviewsConducted, rating: rating.average, totalRatings: rating.count, earnings: poundsFromPence(earningsPence), earningsPence };
  }
}
