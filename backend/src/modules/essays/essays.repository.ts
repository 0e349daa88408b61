import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { DRIZZLE } from '../../infra/database/database.module.js';
import type { Database, DbOrTx, Transaction } from '../../infra/database/database.types.js';
import { containsPattern } from '../../infra/database/like.js';
import { essays, type EssayRow, type NewEssayRow } from './essays.schema.js';
import type { AcademicLevel } from '@redpen/shared/essay-levels';
import { EDITABLE_ESSAY_STATES, UNPAID_CANCELLABLE_ESSAY_STATES } from '@redpen/shared/essay-rules';

export type EssayState = EssayRow['status'];

/** States in which a tutor holds the essay. */
export const HELD_STATES: readonly EssayState[] = ['accepted', 'paid', 'completed', 'revision_requested'];

export interface PoolFilter {
  /** The levels the tutor may see (their StudyLevel's ceiling), already narrowed by the level filter. */
  levels: readonly AcademicLevel[];
  /**
   * A listed subject in its level's list spelling (shared/essay-levels.ts `subjectOf`), as uploads store it and
   * the pool index serves; any other text (uploads take free text) is matched in any letter case.
   */
  subject?: { listed: string } | { freeText: string };
  search?: string;
  /** A tutor who is also a student: their own essays are left out. */
  excludeStudentId?: string;
  limit: number;
}

/** The essay's marking deadline (paid_time + the standard or expedited window) is at or before `now`. */
function dueBy(now: Date, deadlineMs: { standard: number; expedited: number }) {
  return or(
    and(eq(essays.expedited, false), lte(essays.paidTime, new Date(now.getTime() - deadlineMs.standard))),
    and(eq(essays.expedited, true), lte(essays.paidTime, new Date(now.getTime() - deadlineMs.expedited))),
  );
}

/** An essay given back to the pool, with who held it and since when (the row itself no longer says). */
export interface ReturnedEssay {
  essay: EssayRow;
  tutorId: string;
  acceptedAt: Date;
}

/** The essays table's queries; every state change is a guarded UPDATE (never read-then-write). */
@Injectable()
export class EssaysRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Database) {}

  transaction<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async insert(values: NewEssayRow, tx: DbOrTx = this.db): Promise<EssayRow> {
    const [row] = await tx.insert(essays).values(values).returning();
    return row!;
  }

  async findById(id: string, tx: DbOrTx = this.db, options: { lock?: boolean } = {}): Promise<EssayRow | undefined> {
    const query = tx.select().from(essays).where(eq(essays.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** The student's essays, newest first; `states` narrows them (the spec's pending / in-progress / completed lists). */
  async listForStudent(studentId: string, states?: readonly EssayState[], tx: DbOrTx = this.db): Promise<EssayRow[]> {
    const where = states ? and(eq(essays.studentId, studentId), inArray(essays.status, [...states])) : eq(essays.studentId, studentId);
    return tx.select().from(essays).where(where).orderBy(desc(essays.createdAt), desc(essays.id));
  }

  /**
   * Sets the confirmed count and its price while no tutor holds the essay; the first confirmation puts it in the
   * pool (`open`). Undefined when the essay is not the student's or has been accepted meanwhile.
   */
  async confirmWordCount(id: string, studentId: string, wordCount: number, pricePence: number, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ wordCount, pricePence, status: 'open', confirmedAt: sql`coalesce(${essays.confirmedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.studentId, studentId), inArray(essays.status, [...EDITABLE_ESSAY_STATES])))
      .returning();
    return row;
  }

  /**
   * Open essays at the given levels, filtered by subject and a title part (any case), newest first. The subject is
   * compared as stored: essays keep their level's list spelling (upload) and the service passes that spelling, so an
   * exact match finds the same rows as a case-blind one and lets the pool index (level, subject, created_at) serve it.
   */
  async pool(filter: PoolFilter, tx: DbOrTx = this.db): Promise<EssayRow[]> {
    if (filter.levels.length === 0) return [];
    const conditions = [eq(essays.status, 'open'), inArray(essays.academicLevel, [...filter.levels])];
    if (filter.subject) {
      conditions.push('listed' in filter.subject ? eq(essays.subject, filter.subject.listed) : sql`lower(${essays.subject}) = lower(${filter.subject.freeText})`);
    }
    if (filter.search) conditions.push(ilike(essays.title, containsPattern(filter.search)));
    if (filter.excludeStudentId) conditions.push(ne(essays.studentId, filter.excludeStudentId));
    return tx
      .select()
      .from(essays)
      .where(and(...conditions))
      .orderBy(desc(essays.createdAt), desc(essays.id))
      .limit(filter.limit);
  }

  /**
   * The atomic accept: one conditional UPDATE, so of any number of tutors at once exactly one
   * finds the essay still open. Undefined for every other caller, and for the essay's own student.
   */
  async accept(id: string, tutorId: string, levels: readonly AcademicLevel[], now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    if (levels.length === 0) return undefined;
    const [row] = await tx
      .update(essays)
      .set({ status: 'accepted', tutorId, acceptedAt: now, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.status, 'open'), ne(essays.studentId, tutorId), inArray(essays.academicLevel, [...levels])))
      .returning();
    return row;
  }

  /**
   * An accepted, unpaid essay returns to the pool, accept fields cleared: when its discussion window closed
   * (`acceptedBefore`: the acceptance is at least that old, so a late, repeated or earlier acceptance's job changes
   * nothing) or when its tutor cancels (`tutorId`: only the holder). Returns the row and who held it, or undefined.
   * Takes the caller's transaction: the service records the `essay.returnedToPool` event in it.
   */
  async returnToPool(id: string, guard: { acceptedBefore?: Date; tutorId?: string }, now: Date, tx: Transaction): Promise<ReturnedEssay | undefined> {
    const conditions = [eq(essays.id, id), eq(essays.status, 'accepted')];
    if (guard.acceptedBefore) conditions.push(lte(essays.acceptedAt, guard.acceptedBefore));
    if (guard.tutorId) conditions.push(eq(essays.tutorId, guard.tutorId));
    // Locked, then updated in the caller's transaction: who held it is read before the update clears it.
    const [held] = await tx.select().from(essays).where(and(...conditions)).for('update');
    if (!held) return undefined;
    const [row] = await tx.update(essays).set({ status: 'open', tutorId: null, acceptedAt: null, updatedAt: now }).where(eq(essays.id, id)).returning();
    return { essay: row!, tutorId: held.tutorId!, acceptedAt: held.acceptedAt! };
  }

  /** Accepted essays whose discussion window has passed (the sweeper re-enqueues their expiry), oldest first. */
  async expiredDiscussions(acceptedBefore: Date, limit: number, tx: DbOrTx = this.db): Promise<{ id: string; acceptedAt: Date }[]> {
    const rows = await tx
      .select({ id: essays.id, acceptedAt: essays.acceptedAt })
      .from(essays)
      .where(and(eq(essays.status, 'accepted'), lte(essays.acceptedAt, acceptedBefore)))
      .orderBy(asc(essays.acceptedAt))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, acceptedAt: r.acceptedAt! }));
  }

  /**
   * Flags a paid, unmarked essay overdue once its deadline (`deadlineFor(expedited)` after paid_time) has passed.
   * Guarded: a marked, cancelled or already flagged essay, or one not yet due, is left alone.
   */
  async markOverdue(id: string, now: Date, deadlineMs: { standard: number; expedited: number }, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ overdueAt: now, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.status, 'paid'), isNull(essays.overdueAt), dueBy(now, deadlineMs)))
      .returning();
    return row;
  }

  /** Paid essays past their marking deadline and not yet flagged (the sweeper re-enqueues them), oldest first. */
  async overdueMarking(now: Date, deadlineMs: { standard: number; expedited: number }, limit: number, tx: DbOrTx = this.db): Promise<{ id: string; paidTime: Date; expedited: boolean }[]> {
    const rows = await tx
      .select({ id: essays.id, paidTime: essays.paidTime, expedited: essays.expedited })
      .from(essays)
      .where(and(eq(essays.status, 'paid'), isNull(essays.overdueAt), dueBy(now, deadlineMs)))
      .orderBy(asc(essays.paidTime))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, paidTime: r.paidTime!, expedited: r.expedited }));
  }

  /**
   * The holder's marking of a paid essay (or of one back for a revision): completed with its score, feedback and
   * model file. Guarded on the state and the holder. Returns the row and the model file it replaced, or undefined.
   */
  async markCompleted(
    id: string,
    tutorId: string,
    marking: { score: number; feedback: string; modelFileKey: string | null },
    now: Date,
    tx: Transaction,
  ): Promise<{ essay: EssayRow; replacedModelFileKey: string | null } | undefined> {
    const [before] = await tx
      .select({ modelFileKey: essays.modelFileKey })
      .from(essays)
      .where(and(eq(essays.id, id), eq(essays.tutorId, tutorId), inArray(essays.status, ['paid', 'revision_requested'])))
      .for('update');
    if (!before) return undefined;
    const modelFileKey = marking.modelFileKey ?? before.modelFileKey;
    const [row] = await tx
      .update(essays)
      // A new completion: its own payout notice, revision window and (no) overdue flag.
      .set({ status: 'completed', score: marking.score, feedback: marking.feedback, modelFileKey, completedAt: now, overdueAt: null, payoutNotifiedAt: null, revisionWindowClosedAt: null, updatedAt: now })
      .where(eq(essays.id, id))
      .returning();
    return { essay: row!, replacedModelFileKey: marking.modelFileKey && before.modelFileKey !== marking.modelFileKey ? before.modelFileKey : null };
  }

  /** The student accepts the feedback of their completed essay (idempotent: a repeat returns the row unchanged). */
  async studentAccept(id: string, studentId: string, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ studentAccept: true, updatedAt: sql`case when ${essays.studentAccept} then ${essays.updatedAt} else ${now.toISOString()}::timestamptz end` })
      .where(and(eq(essays.id, id), eq(essays.studentId, studentId), eq(essays.status, 'completed')))
      .returning();
    return row;
  }

  /** The student cancels an essay nobody has paid for (before or after a tutor accepted it). */
  async cancelUnpaid(id: string, studentId: string, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.studentId, studentId), inArray(essays.status, [...UNPAID_CANCELLABLE_ESSAY_STATES])))
      .returning();
    return row;
  }

  /** A tutor's essays in `states` (a ban's release: ids only, the changes are guarded updates of their own). */
  async heldBy(tutorId: string, states: readonly EssayState[], tx: DbOrTx = this.db): Promise<{ id: string }[]> {
    return tx.select({ id: essays.id }).from(essays).where(and(eq(essays.tutorId, tutorId), inArray(essays.status, [...states])));
  }

  /** A banned student's essays still waiting for a tutor leave the pool: cancelled, nothing was paid. */
  async withdrawWaiting(studentId: string, now: Date, tx: DbOrTx = this.db): Promise<EssayRow[]> {
    return tx
      .update(essays)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(essays.studentId, studentId), inArray(essays.status, [...EDITABLE_ESSAY_STATES])))
      .returning();
  }

  /**
   * The student asks for a revision: completed, not accepted, completed since `completedAfter`, and never asked
   * before (one revision per essay, so the completion is the first one).
   */
  async requestRevision(id: string, studentId: string, completedAfter: Date, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ status: 'revision_requested', revisionRequestedAt: now, overdueAt: null, updatedAt: now })
      .where(
        and(
          eq(essays.id, id),
          eq(essays.studentId, studentId),
          eq(essays.status, 'completed'),
          eq(essays.studentAccept, false),
          eq(essays.tutorPaid, false),
          isNull(essays.revisionRequestedAt),
          sql`${essays.completedAt} > ${completedAfter.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    return row;
  }

  /**
   * The holder's Confirm in the discussion: records the agreement; with `repriced` it also sets the
   * agreed count and price, which only an unpaid essay takes. Guarded on the holder and the state.
   */
  async tutorConfirm(
    id: string,
    tutorId: string,
    repriced: { wordCount: number; pricePence: number; originalWordCount?: number; wordCountToBeAgreed?: false; wordCountEstimated?: false } | null,
    now: Date,
    tx: DbOrTx = this.db,
  ): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ ...(repriced ?? {}), tutorConfirmedAt: sql`coalesce(${essays.tutorConfirmedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.tutorId, tutorId), inArray(essays.status, repriced ? ['accepted'] : ['accepted', 'paid'])))
      .returning();
    return row;
  }

  /**
   * The student confirms the price they were shown: only their accepted essay, its count set (no longer estimated
   * nor to be agreed), and only when `seenPricePence` is its price now (a tutor's reprice since then refuses it).
   */
  async confirmPrice(id: string, studentId: string, seenPricePence: number, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ studentConfirmedPricePence: seenPricePence, updatedAt: now })
      .where(
        and(
          eq(essays.id, id),
          eq(essays.studentId, studentId),
          eq(essays.status, 'accepted'),
          eq(essays.wordCountToBeAgreed, false),
          eq(essays.wordCountEstimated, false),
          eq(essays.pricePence, seenPricePence),
        ),
      )
      .returning();
    return row;
  }

  /** The student's rating of an accepted review: once (the `rated` guard), only completed and accepted. */
  async markRated(id: string, studentId: string, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ rated: true, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.studentId, studentId), eq(essays.status, 'completed'), eq(essays.studentAccept, true), eq(essays.rated, false)))
      .returning();
    return row;
  }

  /** Reviews the student accepted and has not rated yet, newest first. */
  async awaitingRating(studentId: string, tx: DbOrTx = this.db): Promise<EssayRow[]> {
    return tx
      .select()
      .from(essays)
      .where(and(eq(essays.studentId, studentId), eq(essays.status, 'completed'), eq(essays.studentAccept, true), eq(essays.rated, false)))
      .orderBy(desc(essays.completedAt), desc(essays.id));
  }

  /**
   * The student dashboard's figures: essays submitted (confirmed into the pool at some point, not cancelled) and
   * the mean score of the reviewed ones (null when none is reviewed).
   */
  async studentFigures(studentId: string, tx: DbOrTx = this.db): Promise<{ submitted: number; averageScore: number | null }> {
    const [row] = await tx
      .select({
        submitted: sql<number>`count(*) filter (where ${essays.status} not in ('awaiting_confirmation', 'cancelled'))::int`,
        averageScore: sql<string | null>`avg(${essays.score}) filter (where ${essays.status} = 'completed')`,
      })
      .from(essays)
      .where(eq(essays.studentId, studentId));
    return { submitted: row?.submitted ?? 0, averageScore: row?.averageScore == null ? null : Number(row.averageScore) };
  }

  /** Essays the tutor has reviewed (marked and not sent back for a revision). */
  async reviewedCount(tutorId: string, tx: DbOrTx = this.db): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(essays).where(and(eq(essays.tutorId, tutorId), eq(essays.status, 'completed')));
    return row?.n ?? 0;
  }

  /** Every essay by stage, for the admin dashboard: with a tutor (accepted, paid, back for a revision), waiting for one, completed. */
  async stageCounts(tx: DbOrTx = this.db): Promise<{ active: number; pending: number; completed: number }> {
    const [row] = await tx
      .select({
        active: sql<number>`count(*) filter (where ${essays.status} in ('accepted', 'paid', 'revision_requested'))::int`,
        pending: sql<number>`count(*) filter (where ${essays.status} in ('awaiting_confirmation', 'open'))::int`,
        completed: sql<number>`count(*) filter (where ${essays.status} = 'completed')::int`,
      })
      .from(essays);
    return row ?? { active: 0, pending: 0, completed: 0 };
  }

  /** A requested revision not marked again within `deadlineMs`: flagged once (the Overdue badge). */
  async markRevisionOverdue(id: string, now: Date, deadlineMs: number, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ overdueAt: now, updatedAt: now })
      .where(and(eq(essays.id, id), eq(essays.status, 'revision_requested'), isNull(essays.overdueAt), lte(essays.revisionRequestedAt, new Date(now.getTime() - deadlineMs))))
      .returning();
    return row;
  }

  async overdueRevisions(now: Date, deadlineMs: number, limit: number, tx: DbOrTx = this.db): Promise<{ id: string; revisionRequestedAt: Date }[]> {
    const rows = await tx
      .select({ id: essays.id, revisionRequestedAt: essays.revisionRequestedAt })
      .from(essays)
      .where(and(eq(essays.status, 'revision_requested'), isNull(essays.overdueAt), lte(essays.revisionRequestedAt, new Date(now.getTime() - deadlineMs))))
      .orderBy(asc(essays.revisionRequestedAt))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, revisionRequestedAt: r.revisionRequestedAt! }));
  }

  /** Completed, unaccepted, unpaid-out essays whose payout became eligible by time and whose tutor was not told yet. */
  private payoutDue(now: Date, eligibilityMs: number) {
    return and(
      eq(essays.status, 'completed'),
      eq(essays.studentAccept, false),
      eq(essays.tutorPaid, false),
      isNull(essays.payoutNotifiedAt),
      lte(essays.completedAt, new Date(now.getTime() - eligibilityMs)),
    );
  }

  /** Records that the tutor is being told the payout is eligible; undefined when it is not due or was told. */
  async notePayoutEligible(id: string, now: Date, eligibilityMs: number, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx.update(essays).set({ payoutNotifiedAt: now }).where(and(eq(essays.id, id), this.payoutDue(now, eligibilityMs))).returning();
    return row;
  }

  async payoutsDue(now: Date, eligibilityMs: number, limit: number, tx: DbOrTx = this.db): Promise<{ id: string; completedAt: Date }[]> {
    const rows = await tx.select({ id: essays.id, completedAt: essays.completedAt }).from(essays).where(this.payoutDue(now, eligibilityMs)).orderBy(asc(essays.completedAt)).limit(limit);
    return rows.map((r) => ({ id: r.id, completedAt: r.completedAt! }));
  }

  /** Completed, unaccepted essays whose revision window has passed and was not closed yet (a resubmission has none). */
  private revisionWindowDue(now: Date, windowMs: number) {
    return and(
      eq(essays.status, 'completed'),
      eq(essays.studentAccept, false),
      isNull(essays.revisionRequestedAt),
      isNull(essays.revisionWindowClosedAt),
      lte(essays.completedAt, new Date(now.getTime() - windowMs)),
    );
  }

  async closeRevisionWindow(id: string, now: Date, windowMs: number, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx.update(essays).set({ revisionWindowClosedAt: now }).where(and(eq(essays.id, id), this.revisionWindowDue(now, windowMs))).returning();
    return row;
  }

  async revisionWindowsDue(now: Date, windowMs: number, limit: number, tx: DbOrTx = this.db): Promise<{ id: string; completedAt: Date }[]> {
    const rows = await tx.select({ id: essays.id, completedAt: essays.completedAt }).from(essays).where(this.revisionWindowDue(now, windowMs)).orderBy(asc(essays.completedAt)).limit(limit);
    return rows.map((r) => ({ id: r.id, completedAt: r.completedAt! }));
  }

  /** Names and addresses for notices. */
  async listForTutor(tutorId: string, states?: readonly EssayState[], tx: DbOrTx = this.db): Promise<EssayRow[]> {
    const where = states ? and(eq(essays.tutorId, tutorId), inArray(essays.status, [...states])) : eq(essays.tutorId, tutorId);
    return tx.select().from(essays).where(where).orderBy(desc(essays.acceptedAt), desc(essays.id));
  }

  /** The student's payment completed: only an accepted, unpaid essay takes it. */
  async markPaid(id: string, paidAt: Date, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .update(essays)
      .set({ status: 'paid', paidTime: paidAt, updatedAt: paidAt })
      .where(and(eq(essays.id, id), eq(essays.status, 'accepted')))
      .returning({ id: essays.id });
    return rows.length === 1;
  }

  /** The payment was refunded: the essay is cancelled (the tutor keeps it in their history, freed of the work). */
  async markRefunded(id: string, now: Date, tx: DbOrTx = this.db): Promise<EssayRow | undefined> {
    const [row] = await tx
      .update(essays)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(essays.id, id), inArray(essays.status, ['accepted', 'paid', 'revision_requested'])))
      .returning();
    return row;
  }

  async markTutorPaid(id: string, now: Date, tx: DbOrTx = this.db): Promise<void> {
    await tx.update(essays).set({ tutorPaid: true, updatedAt: now }).where(eq(essays.id, id));
  }
}
