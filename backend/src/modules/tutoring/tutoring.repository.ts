import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx, Transaction } from '../../infra/database/database.types.js';
import { tutoringSessions, type NewTutoringSessionRow, type TutoringSessionRow, type WeeklyAvailability } from './tutoring.schema.js';
import { tutorProfiles } from '../tutors/tutors.schema.js';
import { users } from '../users/users.schema.js';
import type { TutorProfileRow } from '../tutors/tutors.service.js';
import type { BusyRange } from './tutor-availability.js';

/** A bookable tutor's card as read: the profile's tutoring columns with the user's name. */
export type TutorCardRow = Pick<
  TutorProfileRow,
  'userId' | 'studyLevel' | 'university' | 'yearsOfExperience' | 'tutoringSubject' | 'hourlyRatePence' | 'tutoringDescription' | 'profilePictureKey' | 'availability' | 'timeZone' | 'ratingSum' | 'ratingCount'
> & { fullName: string };

export interface TutorSearch {
  search?: string;
  studyLevel?: string;
  sort?: 'experience' | 'hourlyRate';
  /** Both or neither: without them, the whole list. */
  page?: number;
  limit?: number;
}

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

/** `%` and `_` typed by a user are literal in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions that make a tutor bookable: approved for tutoring with a verified DBS, Available, not banned. */
const BOOKABLE = and(
  eq(tutorProfiles.approved, true),
  eq(tutorProfiles.approvedTutoring, true),
  eq(tutorProfiles.hasDbs, true),
  eq(tutorProfiles.tutoringAvailable, true),
  sql`${tutorProfiles.hourlyRatePence} is not null`,
  eq(users.banned, false),
);

/**
 * Tutoring's queries: the sessions (the only writer of `tutoring_sessions`) and the tutoring columns of
 * `tutor_profiles` (subject, rate, description, status, availability, time zone, the DBS application), which only
 * this module writes. Every state change is a guarded `UPDATE … WHERE status = <expected> RETURNING`.
 */
@Injectable()
export class TutoringRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ── Tutoring profiles ───────────────────────────────────────────────────────────────────────────────

  async findProfile(tutorId: string, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId));
    return row;
  }

  /** Stores the DBS certificate's details and file while the DBS is not yet verified; undefined once it is. */
  async submitDbs(tutorId: string, details: { fullName: string; certificateNumber: string; certificateFileKey: string; submittedAt: string }, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx
      .update(tutorProfiles)
      .set({ dbsDetails: details, appliedForDbs: true, updatedAt: new Date(details.submittedAt) })
      .where(and(eq(tutorProfiles.userId, tutorId), eq(tutorProfiles.hasDbs, false)))
      .returning();
    return row;
  }

  /** Changes the tutoring columns, only while the tutor is fully approved (the gate is checked again here). */
  async updateTutoringProfile(tutorId: string, change: TutoringProfileChange, now: Date, tx: DbOrTx = this.db): Promise<TutorProfileRow | undefined> {
    const [row] = await tx
      .update(tutorProfiles)
      .set({ ...change, updatedAt: now })
      .where(and(eq(tutorProfiles.userId, tutorId), eq(tutorProfiles.approved, true), eq(tutorProfiles.approvedTutoring, true), eq(tutorProfiles.hasDbs, true)))
      .returning();
    return row;
  }

  /** A bookable tutor's card (the booking reads the rate and availability from it), locked when asked. */
  async findBookableTutor(tutorId: string, tx: DbOrTx = this.db): Promise<TutorCardRow | undefined> {
    const [row] = await tx
      .select(this.cardColumns())
      .from(tutorProfiles)
      .innerJoin(users, eq(users.id, tutorProfiles.userId))
      .where(and(eq(tutorProfiles.userId, tutorId), BOOKABLE));
    return row;
  }

  /** Find Your Tutor: bookable tutors filtered, searched (name or subject, case-insensitive) and sorted in SQL. */
  async searchTutors(query: TutorSearch): Promise<{ rows: TutorCardRow[]; total: number }> {
    const conditions: (SQL | undefined)[] = [BOOKABLE];
    if (query.studyLevel) conditions.push(eq(tutorProfiles.studyLevel, query.studyLevel));
    if (query.search) {
      const pattern = `%${likeLiteral(query.search)}%`;
      conditions.push(or(ilike(users.name, pattern), ilike(tutorProfiles.tutoringSubject, pattern)));
    }
    const where = and(...conditions);
    const order =
      query.sort === 'hourlyRate'
        ? [asc(tutorProfiles.hourlyRatePence), asc(users.name), asc(tutorProfiles.userId)]
        : query.sort === 'experience'
          ? [sql`${tutorProfiles.yearsOfExperience} desc nulls last`, asc(users.name), asc(tutorProfiles.userId)]
          : [asc(users.name), asc(tutorProfiles.userId)];
    let select = this.db.select(this.cardColumns()).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(where).orderBy(...order).$dynamic();
    if (query.page !== undefined && query.limit !== undefined) select = select.limit(query.limit).offset((query.page - 1) * query.limit);
    const rows = await select;
    if (query.page === undefined) return { rows, total: rows.length };
    const [{ total }] = (await this.db.select({ total: count() }).from(tutorProfiles).innerJoin(users, eq(users.id, tutorProfiles.userId)).where(where)) as [{ total: number }];
    return { rows, total };
  }

  private cardColumns() {
    return {
      userId: tutorProfiles.userId,
      fullName: users.name,
      studyLevel: tutorProfiles.studyLevel,
      university: tutorProfiles.university,
      yearsOfExperience: tutorProfiles.yearsOfExperience,
      tutoringSubject: tutorProfiles.tutoringSubject,
      hourlyRatePence: tutorProfiles.hourlyRatePence,
      tutoringDescription: tutorProfiles.tutoringDescription,
      profilePictureKey: tutorProfiles.profilePictureKey,
      availability: tutorProfiles.availability,
      timeZone: tutorProfiles.timeZone,
      ratingSum: tutorProfiles.ratingSum,
      ratingCount: tutorProfiles.ratingCount,
    };
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

  /**
   * Locks the two people of a booking or a payment, in id order (so two transactions locking the same pair never wait
   * on each other in a cycle), and answers whether each is banned as of the lock. The student's row is locked
   * exclusively when `student: 'exclusive'` (`for no key update`: their bookings are made one at a time, and a row
   * referencing them is still inserted freely); otherwise both are `for share`. A ban (an update of the row) waits for
   * the lock, or has committed and is read here: a booking or a payment never slips past a ban's subscribers.
   */
  async lockParties(parties: { studentId: string; tutorId: string }, tx: Transaction, options: { student?: 'exclusive' } = {}): Promise<{ studentBanned: boolean; tutorBanned: boolean }> {
    const banned = new Map<string, boolean>();
    for (const id of [parties.studentId, parties.tutorId].sort()) {
      if (banned.has(id)) continue;
      const query = tx.select({ banned: users.banned }).from(users).where(eq(users.id, id));
      const [row] = await (options.student === 'exclusive' && id === parties.studentId ? query.for('no key update') : query.for('share'));
      banned.set(id, row?.banned ?? true);
    }
    return { studentBanned: banned.get(parties.studentId)!, tutorBanned: banned.get(parties.tutorId)! };
  }

  /** Whether the student or the tutor is banned now (a read, no lock). */
  async partiesBanned(parties: { studentId: string; tutorId: string }, tx: DbOrTx = this.db): Promise<{ studentBanned: boolean; tutorBanned: boolean }> {
    const rows = await tx.select({ id: users.id, banned: users.banned }).from(users).where(inArray(users.id, [parties.studentId, parties.tutorId]));
    const banned = (id: string) => rows.find((r) => r.id === id)?.banned ?? true;
    return { studentBanned: banned(parties.studentId), tutorBanned: banned(parties.tutorId) };
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

  /** The names of these users (both sides of the sessions on a page), in one query. */
}

/** The side whose exclusion constraint refused an insert, or undefined for any other error. */
function overlapSide(error: unknown): OverlapSide | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23P01') return constraint === 'tutoring_sessions_student_no_overlap' ? 'student' : 'tutor';
  }
  return undefined;
}
