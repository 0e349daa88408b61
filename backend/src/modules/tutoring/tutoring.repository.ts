import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx, Transaction } from '../../infra/database/database.types.js';
import { tutoringProfiles, tutoringSessions, type NewTutoringSessionRow, type TutoringProfileRow, type TutoringSessionRow, type WeeklyAvailability } from './tutoring.schema.js';
import type { BusyRange } from './tutor-availability.js';

export interface TutoringProfileChange {
  tutoringSubject: string;
  hourlyRatePence: number;
  tutoringDescription: string;
  tutoringAvailable: boolean;
  availability: WeeklyAvailability;
  timeZone: string;
}

export type StudentSessionFilter = 'all' | 'upcoming' | 'completed';
export type TutorSessionGroup = 'pending' | 'inProgress' | 'completed';

/** Which exclusion constraint refused a booking (drizzle/0012_create-tutoring-sessions.sql). */
export type OverlapSide = 'tutor' | 'student';

/**
 * Tutoring's queries on its own tables: the sessions (the only writer of `tutoring_sessions`) and the tutoring
 * profiles (`tutoring_profiles`: subject, rate, description, status, availability, time zone). Find Your Tutor's
 * read across owners is TutorDirectoryReadModel; a tutor's approvals come from TutorsService, bans from UsersService.
 * Every state change of a session is a guarded `UPDATE … WHERE status = <expected> RETURNING`.
 */
@Injectable()
export class TutoringRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ── Tutoring profiles ───────────────────────────────────────────────────────────────────────────────

  /** The tutor's tutoring profile; undefined when they never saved one (it reads as Unavailable, nothing set). */
  async findProfile(tutorId: string, tx: DbOrTx = this.db): Promise<TutoringProfileRow | undefined> {
    const [row] = await tx.select().from(tutoringProfiles).where(eq(tutoringProfiles.userId, tutorId));
    return row;
  }

  /** Saves the tutoring profile (created on the first save); the caller has checked, under lock, that it may. */
  async saveProfile(tutorId: string, change: TutoringProfileChange, now: Date, tx: DbOrTx = this.db): Promise<TutoringProfileRow> {
    const [row] = await tx
      .insert(tutoringProfiles)
      .values({ userId: tutorId, ...change, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: tutoringProfiles.userId, set: { ...change, updatedAt: now } })
      .returning();
    return row!;
  }

  /** The live sessions (held and not yet due to expire, or confirmed) of these tutors between two instants, by tutor. */
  async busyRanges(tutorIds: readonly string[], from: Date, to: Date, now: Date): Promise<Map<string, BusyRange[]>> {
    const busy = new Map<string, BusyRange[]>();
    if (tutorIds.length === 0) return busy;
    const rows = await this.db
      .select({ tutorId: tutoringSessions.tutorId, start: tutoringSessions.startTime, end: tutoringSessions.endTime })
      .from(tutoringSessions)
      .where(
        and(
          inArray(tutoringSessions.tutorId, [...tutorIds]),
          or(eq(tutoringSessions.status, 'confirmed'), and(eq(tutoringSessions.status, 'held'), gt(tutoringSessions.holdExpiresAt, now))),
          gt(tutoringSessions.endTime, from),
          sql`${tutoringSessions.startTime} < ${to}`,
        ),
      );
    for (const row of rows) busy.set(row.tutorId, [...(busy.get(row.tutorId) ?? []), { start: row.start.getTime(), end: row.end.getTime() }]);
    return busy;
  }

  // ── Sessions ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Whether the tutor has a live session (confirmed, or held and not lapsed) overlapping this time: the cheap first
   * answer to a crowd racing for a taken slot. Not the decision: the exclusion constraint is.
   */
  async slotTaken(tutorId: string, start: Date, end: Date, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: tutoringSessions.id })
      .from(tutoringSessions)
      .where(
        and(
          eq(tutoringSessions.tutorId, tutorId),
          or(eq(tutoringSessions.status, 'confirmed'), and(eq(tutoringSessions.status, 'held'), gt(tutoringSessions.holdExpiresAt, now))),
          gt(tutoringSessions.endTime, start),
          sql`${tutoringSessions.startTime} < ${end}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Inserts a held session. The exclusion constraints decide overlaps: the answer names the side that already has
   * a live session then (the insert is made in a savepoint, so the caller's transaction survives a refusal).
   */
  async insertHeld(values: NewTutoringSessionRow, tx: Transaction): Promise<{ row: TutoringSessionRow } | { overlap: OverlapSide }> {
    try {
      const row = await tx.transaction(async (savepoint) => (await savepoint.insert(tutoringSessions).values({ ...values, status: 'held' }).returning())[0]!);
      return { row };
    } catch (error) {
      const side = overlapSide(error);
      if (side) return { overlap: side };
      throw error;
    }
  }

  /** The student's live holds (held, not yet due to expire), soonest first. */
  async liveHoldsOf(studentId: string, now: Date, tx: DbOrTx = this.db): Promise<TutoringSessionRow[]> {
    return tx
      .select()
      .from(tutoringSessions)
      .where(and(eq(tutoringSessions.studentId, studentId), eq(tutoringSessions.status, 'held'), gt(tutoringSessions.holdExpiresAt, now)))
      .orderBy(asc(tutoringSessions.startTime));
  }

  /** A ban: every hold this person has (as the student or the tutor) ends now, whatever time it had left. */
  async endHoldsOf(userId: string, now: Date, tx: DbOrTx): Promise<TutoringSessionRow[]> {
    return tx
      .update(tutoringSessions)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(and(eq(tutoringSessions.status, 'held'), or(eq(tutoringSessions.studentId, userId), eq(tutoringSessions.tutorId, userId))))
      .returning();
  }

  /**
   * A ban: the person's confirmed sessions not yet started (either side) are marked for cancellation by the platform
   * (a cancellation someone asked for already keeps its author), and returned for their refunds.
   */
  async requestPlatformCancellationOf(userId: string, now: Date, tx: DbOrTx): Promise<TutoringSessionRow[]> {
    return tx
      .update(tutoringSessions)
      .set({ cancelRequestedBy: sql`coalesce(${tutoringSessions.cancelRequestedBy}, 'platform'::tutoring_cancelled_by)`, updatedAt: now })
      .where(
        and(
          eq(tutoringSessions.status, 'confirmed'),
          gt(tutoringSessions.startTime, now),
          or(eq(tutoringSessions.studentId, userId), eq(tutoringSessions.tutorId, userId)),
        ),
      )
      .returning();
  }

  /** What a ban of this person would end now: their confirmed sessions not yet started and their live holds (either side). */
  async banImpact(userId: string, now: Date): Promise<{ upcomingSessions: number; unpaidHolds: number }> {
    const [row] = await this.db
      .select({
        upcomingSessions: sql<number>`count(*) filter (where ${tutoringSessions.status} = 'confirmed' and ${tutoringSessions.startTime} > ${now})`.mapWith(Number),
        unpaidHolds: sql<number>`count(*) filter (where ${tutoringSessions.status} = 'held' and ${tutoringSessions.holdExpiresAt} > ${now})`.mapWith(Number),
      })
      .from(tutoringSessions)
      .where(or(eq(tutoringSessions.studentId, userId), eq(tutoringSessions.tutorId, userId)));
    return { upcomingSessions: row?.upcomingSessions ?? 0, unpaidHolds: row?.unpaidHolds ?? 0 };
  }

  /** Holds of this tutor or student whose time ran out (the job may not have run yet): expired now, returned for their events. */
  async expireLapsedHolds(people: { tutorId: string; studentId: string }, now: Date, tx: DbOrTx): Promise<TutoringSessionRow[]> {
    return tx
      .update(tutoringSessions)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(
        and(
          eq(tutoringSessions.status, 'held'),
          lte(tutoringSessions.holdExpiresAt, now),
          or(eq(tutoringSessions.tutorId, people.tutorId), eq(tutoringSessions.studentId, people.studentId)),
        ),
      )
      .returning();
  }

  async findById(id: string, tx: DbOrTx = this.db, options: { lock?: boolean } = {}): Promise<TutoringSessionRow | undefined> {
    const query = tx.select().from(tutoringSessions).where(eq(tutoringSessions.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** held → confirmed with its meeting room, when the payment lands while the hold stands (not expired, not cancelled). */
  async confirm(id: string, change: { paidAt: Date; meetingLink: string }, tx: DbOrTx): Promise<TutoringSessionRow | undefined> {
    const [row] = await tx
      .update(tutoringSessions)
      .set({ status: 'confirmed', paidAt: change.paidAt, meetingLink: change.meetingLink, holdExpiresAt: null, updatedAt: change.paidAt })
      .where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.status, 'held')))
      .returning();
    return row;
  }

  /** held → expired once its hold time has passed (the job, the sweeper). */
  async expireHold(id: string, now: Date, tx: DbOrTx): Promise<TutoringSessionRow | undefined> {
    const [row] = await tx
      .update(tutoringSessions)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.status, 'held'), lte(tutoringSessions.holdExpiresAt, now)))
      .returning();
    return row;
  }

  /** The student gives up an unpaid hold: held → cancelled (nothing to refund; a payment landing later is refunded). */
  async cancelHeld(id: string, studentId: string, now: Date, tx: DbOrTx = this.db): Promise<TutoringSessionRow | undefined> {
    const [row] = await tx
      .update(tutoringSessions)
      .set({ status: 'cancelled', cancelledBy: 'student', cancelledAt: now, holdExpiresAt: null, updatedAt: now })
      .where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.studentId, studentId), eq(tutoringSessions.status, 'held')))
      .returning();
    return row;
  }

  /** Marks who asks for the cancellation of a confirmed session not yet started (read when the refund lands). */
  async requestCancellation(id: string, by: 'student' | 'tutor', now: Date, tx: DbOrTx = this.db): Promise<TutoringSessionRow | undefined> {
    const [row] = await tx
      .update(tutoringSessions)
      .set({ cancelRequestedBy: sql`coalesce(${tutoringSessions.cancelRequestedBy}, ${by}::tutoring_cancelled_by)`, updatedAt: now })
      .where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.status, 'confirmed'), gt(tutoringSessions.startTime, now)))
      .returning();
    return row;
  }

  /** The refund failed at the gateway: the request is withdrawn (the session stays booked). */
  async withdrawCancellation(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(tutoringSessions).set({ cancelRequestedBy: null }).where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.status, 'confirmed')));
  }

  /** confirmed → cancelled when its payment is refunded (by the cancel routes, an admin or the gateway). */
  async cancelRefunded(id: string, now: Date, tx: DbOrTx): Promise<TutoringSessionRow | undefined> {
    const [row] = await tx
      .update(tutoringSessions)
      .set({ status: 'cancelled', cancelledBy: sql`coalesce(${tutoringSessions.cancelRequestedBy}, 'platform'::tutoring_cancelled_by)`, cancelledAt: now, updatedAt: now })
      .where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.status, 'confirmed')))
      .returning();
    return row;
  }

  /** Rated once, by its student, after it ended. */
  async markRated(id: string, studentId: string, now: Date, tx: DbOrTx): Promise<TutoringSessionRow | undefined> {
    const [row] = await tx
      .update(tutoringSessions)
      .set({ rated: true, updatedAt: now })
      .where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.studentId, studentId), eq(tutoringSessions.status, 'confirmed'), lte(tutoringSessions.endTime, now), eq(tutoringSessions.rated, false)))
      .returning();
    return row;
  }

  async markTutorPaid(id: string, now: Date, tx: DbOrTx): Promise<void> {
    await tx.update(tutoringSessions).set({ tutorPaid: true, tutorPaidAt: now, updatedAt: now }).where(and(eq(tutoringSessions.id, id), eq(tutoringSessions.tutorPaid, false)));
  }

  /** The student's sessions (held ones included: theirs to pay or let go). Upcoming ascending, the rest newest first. */
  async forStudent(studentId: string, filter: StudentSessionFilter, now: Date): Promise<TutoringSessionRow[]> {
    const mine = eq(tutoringSessions.studentId, studentId);
    const base = this.db.select().from(tutoringSessions);
    switch (filter) {
      case 'upcoming':
        return base.where(and(mine, eq(tutoringSessions.status, 'confirmed'), gt(tutoringSessions.endTime, now))).orderBy(asc(tutoringSessions.startTime));
      case 'completed':
        return base.where(and(mine, eq(tutoringSessions.status, 'confirmed'), lte(tutoringSessions.endTime, now))).orderBy(desc(tutoringSessions.startTime));
      default:
        return base
          .where(and(mine, or(eq(tutoringSessions.status, 'confirmed'), and(eq(tutoringSessions.status, 'held'), gt(tutoringSessions.holdExpiresAt, now)))))
          .orderBy(desc(tutoringSessions.startTime));
    }
  }

  /** The tutor's confirmed sessions by group (held ones are the student's business). Pending and in progress ascending, completed descending. */
  async forTutor(tutorId: string, group: TutorSessionGroup, now: Date): Promise<TutoringSessionRow[]> {
    const mine = and(eq(tutoringSessions.tutorId, tutorId), eq(tutoringSessions.status, 'confirmed'));
    const base = this.db.select().from(tutoringSessions);
    switch (group) {
      case 'pending':
        return base.where(and(mine, gt(tutoringSessions.startTime, now))).orderBy(asc(tutoringSessions.startTime));
      case 'inProgress':
        return base.where(and(mine, lte(tutoringSessions.startTime, now), gt(tutoringSessions.endTime, now))).orderBy(asc(tutoringSessions.startTime));
      default:
        return base.where(and(mine, lte(tutoringSessions.endTime, now))).orderBy(desc(tutoringSessions.startTime));
    }
  }

  /** Completed sessions (confirmed and ended) of a student or a tutor: the dashboards' counts. */
  async completedCount(side: 'student' | 'tutor', userId: string, now: Date): Promise<number> {
    const column = side === 'student' ? tutoringSessions.studentId : tutoringSessions.tutorId;
    const [{ value }] = (await this.db
      .select({ value: count() })
      .from(tutoringSessions)
      .where(and(eq(column, userId), eq(tutoringSessions.status, 'confirmed'), lte(tutoringSessions.endTime, now)))) as [{ value: number }];
    return value;
  }

  /** Holds past their time (their job lost with Redis), oldest first. */
  async lapsedHolds(now: Date, limit: number): Promise<{ id: string }[]> {
    return this.db
      .select({ id: tutoringSessions.id })
      .from(tutoringSessions)
      .where(and(eq(tutoringSessions.status, 'held'), lte(tutoringSessions.holdExpiresAt, now)))
      .orderBy(asc(tutoringSessions.holdExpiresAt))
      .limit(limit);
  }

  /** Confirmed sessions not yet started (the reminders' sweeper re-enqueues theirs). */
  async confirmedUpcoming(now: Date, until: Date, limit: number): Promise<TutoringSessionRow[]> {
    return this.db
      .select()
      .from(tutoringSessions)
      .where(and(eq(tutoringSessions.status, 'confirmed'), gt(tutoringSessions.startTime, now), lte(tutoringSessions.startTime, until)))
      .orderBy(asc(tutoringSessions.startTime))
      .limit(limit);
  }

}

/** The side whose exclusion constraint refused an insert, or undefined for any other error. */
function overlapSide(error: unknown): OverlapSide | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23P01') return constraint === 'tutoring_sessions_student_no_overlap' ? 'student' : 'tutor';
  }
  return undefined;
}
