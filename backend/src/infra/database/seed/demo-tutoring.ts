import { eq, sql } from 'drizzle-orm';
import { splitCommission } from '@redpen/shared/pricing';
import type { Transaction } from '../database.types.js';
import { payments, ratings, tutoringProfiles, tutoringSessions, tutorRatingSummaries } from '../schema/index.js';

const HOUR = 3_600_000;

interface DemoSession {
  purpose: string;
  /** Hours from the seed's "now" to the start (negative: in the past), rounded to the whole hour. */
  startsInHours: number;
  minutes: 30 | 60;
  rating?: { stars: number; feedback: string };
}

/** The demo tutoring: one upcoming paid session, one completed and rated, one completed and unrated. */
const DEMO_SESSIONS: readonly DemoSession[] = [
  { purpose: 'Oxford English interview: mock interview and feedback', startsInHours: 72, minutes: 60 },
  { purpose: 'Personal statement review', startsInHours: -7 * 24, minutes: 60, rating: { stars: 5, feedback: 'Clear, encouraging and full of practical tips.' } },
  { purpose: 'Close reading practice: unseen poetry', startsInHours: -50, minutes: 30 },
];

/**
 * The demo student's tutoring sessions with the Masters tutor (paid, with their charges and meeting rooms; the rated
 * one with its rating). Returns their ids, upcoming first: the demo conversation is about them. Reminders are not
 * queued (the seed writes rows only).
 */
export async function seedDemoTutoring(
  tx: Transaction,
  people: { studentId: string; tutorId: string },
  options: { now: Date; commissionPercent: number; meetingBaseUrl?: string },
): Promise<string[]> {
  const [tutor] = await tx.select({ rate: tutoringProfiles.hourlyRatePence }).from(tutoringProfiles).where(eq(tutoringProfiles.userId, people.tutorId));
  const hourlyRatePence = tutor?.rate ?? 3500;
  const wholeHour = Math.floor(options.now.getTime() / HOUR) * HOUR;
  const ids: string[] = [];
  for (const [index, demo] of DEMO_SESSIONS.entries()) {
    const startTime = new Date(wholeHour + demo.startsInHours * HOUR);
    const endTime = new Date(startTime.getTime() + demo.minutes * 60_000);
    const paidAt = new Date(Math.min(startTime.getTime() - 48 * HOUR, options.now.getTime() - HOUR));
    const pricePence = Math.round((hourlyRatePence * demo.minutes) / 60);
    const [session] = await tx
      .insert(tutoringSessions)
      .values({
        studentId: people.studentId,
        tutorId: people.tutorId,
        purpose: demo.purpose,
        startTime,
        endTime,
        status: 'confirmed',
        hourlyRatePence,
        pricePence,
        meetingLink: `${(options.meetingBaseUrl ?? 'https://meet.jit.si').replace(/\/$/, '')}/redpen-demo-session-${index + 1}`,
        paidAt,
        rated: demo.rating !== undefined,
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning({ id: tutoringSessions.id });
    const sessionId = session!.id;
    ids.push(sessionId);
    await tx.insert(payments).values({
      type: 'student_tutoring_payment',
      status: 'completed',
      payerId: people.studentId,
      payerType: 'student',
      recipientType: 'platform',
      amountPence: pricePence,
      ...splitCommission(pricePence, options.commissionPercent),
      description: `Tutoring session: ${demo.purpose} (${demo.minutes} minutes)`,
      paymentMethod: 'local_test',
      itemKind: 'tutoring_session',
      itemId: sessionId,
      paidAt,
      metadata: { purpose: demo.purpose, startTime: startTime.toISOString(), endTime: endTime.toISOString(), tutorId: people.tutorId },
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    if (demo.rating) {
      await tx.insert(ratings).values({ itemKind: 'tutoring_session', itemId: sessionId, studentId: people.studentId, tutorId: people.tutorId, rating: demo.rating.stars, feedback: demo.rating.feedback, createdAt: endTime });
      await addToRatingSummary(tx, people.tutorId, demo.rating.stars);
    }
  }
  return ids;
}

/** Adds one rating of `stars` to the tutor's running sum and count (created with the first). */
export async function addToRatingSummary(tx: Transaction, tutorId: string, stars: number): Promise<void> {
  await tx
    .insert(tutorRatingSummaries)
    .values({ tutorId, ratingSum: stars, ratingCount: 1 })
    .onConflictDoUpdate({
      target: tutorRatingSummaries.tutorId,
      set: { ratingSum: sql`${tutorRatingSummaries.ratingSum} + ${stars}`, ratingCount: sql`${tutorRatingSummaries.ratingCount} + 1` },
    });
}
