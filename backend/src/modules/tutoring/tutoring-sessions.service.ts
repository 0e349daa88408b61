import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { MAX_LIVE_HOLDS_PER_STUDENT, MAX_LIVE_HOLDS_PER_TUTOR } from '@redpen/shared/tutoring';
import pLimit, { type LimitFunction } from 'p-limit';
import { coded } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { Transaction } from '../../infra/database/database.types.js';
import type { TutoringSessionRow } from './tutoring.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { ITEM_KINDS } from '../payments/payable-items.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { BANNED_MESSAGE } from '../auth/auth-tokens.service.js';
import type { BanImpactDto, CreateTutoringSessionDto, SessionBookedDto, SessionCancelledDto, TutoringSessionDto } from './dto/tutoring.dto.js';
import { presentSession } from './session.presenter.js';
import { fitsAvailability } from './tutor-availability.js';
import { booksThemselves, canRateSession, canReadSession, canStudentCancel, canTutorCancel, type Decision } from './tutoring.access.js';
import { sessionRef } from './tutoring.events.js';
import { TutoringRepository, type StudentSessionFilter, type TutorSessionGroup } from './tutoring.repository.js';
import { TutorDirectoryReadModel } from './tutor-directory.read-model.js';
import { TutoringParties } from './tutoring-parties.js';
import { BOOKING_HORIZON_DAYS, BOOKING_LEAD_MINUTES, bookingHorizonEnd, earliestBookableStart, isSessionLength, sessionPricePence } from './tutoring-rules.js';
import { UsersService } from '../users/users.service.js';
import { SafeguardingService } from '../safeguarding/safeguarding.service.js';

export const sessionNotFound = (): NotFoundException => new NotFoundException(coded('NOT_FOUND', 'Tutoring session not found'));
export const userNotFound = (): NotFoundException => new NotFoundException(coded('NOT_FOUND', 'User not found'));
const slotRefused = (message: string) => new UnprocessableEntityException(coded('SLOT_NOT_AVAILABLE', message));
const tutorNotBookable = () => new UnprocessableEntityException(coded('TUTOR_NOT_BOOKABLE', 'This tutor is not taking bookings at the moment'));
const tooManyHolds = () =>
  new ConflictException(
    coded(
      'TOO_MANY_HOLDS',
      `You already have ${MAX_LIVE_HOLDS_PER_STUDENT} unpaid bookings. Pay for one or cancel it in My Sessions before booking another slot.`,
    ),
  );
const holdWithTutorExists = () =>
  new ConflictException(
    coded('HOLD_WITH_TUTOR_EXISTS', 'You already have an unpaid booking with this tutor. Pay for it or cancel it in My Sessions before booking another slot with them.'),
  );
const sameSlot = (row: TutoringSessionRow, tutorId: string, start: Date, end: Date) =>
  row.tutorId === tutorId && row.startTime.getTime() === start.getTime() && row.endTime.getTime() === end.getTime();
const slotTaken = (side: 'tutor' | 'student') =>
  new ConflictException(coded('SLOT_TAKEN', side === 'tutor' ? 'This slot has just been booked by someone else. Please choose another time.' : 'You already have a session booked at this time.'));

/**
 * Sessions ("Paying"): booking a held slot and its checkout, the lists of
 * both sides, cancellation with a full refund through Payments, rating. Who may act is `tutoring.access.ts`; what
 * follows a change (mail, chat, timers) hears of it through the events recorded in the change's transaction.
 */
@Injectable()
export class TutoringSessionsService {
  private readonly payoutDelayMs: number;
  private readonly commissionPercent: number;
  /**
   * Bookings using the database at once: half the pool. A crowd of bookings (a popular slot opening) then waits in
   * memory, in order and without a deadline, rather than in the connection pool's queue, whose 5-second wait would
   * fail them with a 500 and starve every other route of connections.
   */
  private readonly gate: LimitFunction;

  constructor(
    private readonly repository: TutoringRepository,
    private readonly directory: TutorDirectoryReadModel,
    private readonly parties: TutoringParties,
    private readonly payments: PaymentsService,
    private readonly ratings: RatingsService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly safeguarding: SafeguardingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.payoutDelayMs = config.windows.payoutEligibilitySeconds * 1000;
    this.commissionPercent = config.payments.platformCommissionPercent;
    this.gate = pLimit(Math.max(1, Math.floor(config.database.poolMax / 2)));
  }

  /**
   * Holds the slot unpaid for BOOKING_HOLD_SECONDS and opens its checkout. The rules of time and availability are
   * checked here; overlaps (the tutor's or the student's) are refused by the database's exclusion constraints, so of
   * many students racing for one slot exactly one holds it. A student holds at most MAX_LIVE_HOLDS_PER_STUDENT slots
   * unpaid at once, at most MAX_LIVE_HOLDS_PER_TUTOR of them with one tutor (409 `TOO_MANY_HOLDS`,
   * `HOLD_WITH_TUTOR_EXISTS`): counted in the insert's transaction under a lock on the student's row, so two
   * bookings of one student are counted one after the other. Asking again for the very slot the student already
   * holds answers that hold (and its checkout) rather than a refusal: a repeated click or a retried request.
   */
  async book(student: AuthenticatedUser, body: CreateTutoringSessionDto): Promise<SessionBookedDto> {
    return this.gate(() => this.bookNow(student, body));
  }

  private async bookNow(student: AuthenticatedUser, body: CreateTutoringSessionDto): Promise<SessionBookedDto> {
    if (booksThemselves(student, body.tutorId)) throw new ConflictException(coded('SELF_DEALING', 'You cannot book a session with yourself'));
    const start = new Date(body.startTime);
    const end = new Date(body.endTime);
    const minutes = (end.getTime() - start.getTime()) / 60_000;
    if (!isSessionLength(minutes)) throw slotRefused('A session lasts 30 or 60 minutes');
    const now = this.clock.now();
    if (start.getTime() <= now.getTime()) throw slotRefused('This time has already passed. Please choose another slot.');
    if (start.getTime() < earliestBookableStart(now).getTime()) throw slotRefused(`Sessions must be booked at least ${BOOKING_LEAD_MINUTES} minutes before they start`);
    if (start.getTime() >= bookingHorizonEnd(now).getTime()) throw slotRefused(`Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead`);
    const tutor = await this.directory.findBookableTutor(body.tutorId);
    if (!tutor) throw tutorNotBookable();
    if (!fitsAvailability(tutor.availability, tutor.timeZone, start, end)) throw slotRefused("This time is outside the tutor's availability. Please choose one of the offered slots.");

    // The student's own hold of this very slot is answered as it is (a repeated click), not as a taken slot.
    const own = (await this.repository.liveHoldsOf(student.id, now)).find((row) => sameSlot(row, tutor.userId, start, end));
    // Most of a crowd racing for one slot hears it is taken here, without a transaction; the database decides the rest.
    if (!own && (await this.repository.slotTaken(tutor.userId, start, end, now))) throw slotTaken('tutor');

    const holdExpiresAt = new Date(now.getTime() + this.config.tutoring.bookingHoldSeconds * 1000);
    // The purpose is written for the tutor: masked on write by the one safeguarding rule, flagged with the session.
    const purpose = this.safeguarding.screen(body.purpose.trim());
    const session = await this.events.transaction(async (tx) => {
      // One booking of this student at a time, and none past a ban of either side (the ban waits, or is read here).
      const banned = await this.parties.lock({ studentId: student.id, tutorId: tutor.userId }, tx, { student: 'exclusive' });
      if (banned.studentBanned) throw new ForbiddenException(coded('ACCOUNT_BANNED', BANNED_MESSAGE));
      if (banned.tutorBanned) throw tutorNotBookable();
      // A hold whose time ran out before its job did gives its slot back first.
      await this.expireLapsed({ tutorId: tutor.userId, studentId: student.id }, now, tx);
      const holds = await this.repository.liveHoldsOf(student.id, now, tx);
      const again = holds.find((row) => sameSlot(row, tutor.userId, start, end));
      if (again) return again;
      if (holds.length >= MAX_LIVE_HOLDS_PER_STUDENT) throw tooManyHolds();
      if (holds.filter((row) => row.tutorId === tutor.userId).length >= MAX_LIVE_HOLDS_PER_TUTOR) throw holdWithTutorExists();
      const inserted = await this.repository.insertHeld(
        {
          studentId: student.id,
          tutorId: tutor.userId,
          purpose: purpose.text,
          startTime: start,
          endTime: end,
          hourlyRatePence: tutor.hourlyRatePence!,
          pricePence: sessionPricePence(tutor.hourlyRatePence!, minutes),
          holdExpiresAt,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      if ('overlap' in inserted) throw slotTaken(inserted.overlap);
      await this.safeguarding.flag(purpose, { kind: 'session_purpose', id: inserted.row.id, authorId: student.id, readerId: tutor.userId }, tx);
      await this.events.record(tx, 'session.held', { ...sessionRef(inserted.row), holdExpiresAt: holdExpiresAt.toISOString() });
      return inserted.row;
    });
    const paymentUrl = await this.payments.checkoutUrl(student, ITEM_KINDS.tutoringSession, session.id);
    return { tutoringSession: await this.presentOne(session, { id: student.id, side: 'student' }), paymentUrl };
  }

  /** Expires lapsed holds of these people in `tx`, recording `session.expired` for each. */
  async expireLapsed(people: { tutorId: string; studentId: string }, now: Date, tx: Transaction): Promise<void> {
    for (const row of await this.repository.expireLapsedHolds(people, now, tx)) await this.events.record(tx, 'session.expired', sessionRef(row));
  }

  async studentSessions(student: AuthenticatedUser, filter: StudentSessionFilter): Promise<TutoringSessionDto[]> {
    return this.presentAll(await this.repository.forStudent(student.id, filter, this.clock.now()), { id: student.id, side: 'student' });
  }

  async tutorSessions(tutor: AuthenticatedUser, group: TutorSessionGroup): Promise<TutoringSessionDto[]> {
    return this.presentAll(await this.repository.forTutor(tutor.id, group, this.clock.now()), { id: tutor.id, side: 'tutor' });
  }

  /** Student: an unpaid hold at any time (nothing to refund), a paid session up to 24 h before it starts. */
  async cancelAsStudent(student: AuthenticatedUser, sessionId: string): Promise<SessionCancelledDto> {
    const session = await this.readable(student, sessionId);
    const decision = canStudentCancel(student, session, this.clock.now());
    if (session.status === 'held' && decision.allowed) {
      const cancelled = await this.repository.cancelHeld(session.id, student.id, this.clock.now());
      return { message: 'Booking cancelled. Nothing was charged.', tutoringSession: await this.presentOne(cancelled ?? (await this.repository.findById(session.id))!, { id: student.id, side: 'student' }) };
    }
    return this.cancelPaid(session, 'student', decision, student.id);
  }

  /** Tutor: a paid session any time before it starts; the student is refunded in full. */
  async cancelAsTutor(tutor: AuthenticatedUser, sessionId: string): Promise<SessionCancelledDto> {
    const session = await this.readable(tutor, sessionId);
    if (session.tutorId !== tutor.id) throw sessionNotFound();
    return this.cancelPaid(session, 'tutor', canTutorCancel(tutor, session, this.clock.now()), tutor.id);
  }

  /**
   * Marks who asks, then refunds through Payments, whose `markRefunded` callback cancels the session and records
   * `session.cancelled` in the ledger's transaction. Exactly once under retries: the ledger's refund claim decides,
   * and a repeated request answers with the session as it is.
   */
  private async cancelPaid(session: TutoringSessionRow, by: 'student' | 'tutor', decision: Decision, userId: string): Promise<SessionCancelledDto> {
    const side = { id: userId, side: by };
    const message = by === 'student' ? 'Session cancelled. Your payment will be refunded in full.' : 'Session cancelled. The student will be refunded in full.';
    if (session.status === 'cancelled' && session.cancelledBy === by) return { message, tutoringSession: await this.presentOne(session, side) };
    if (!decision.allowed) throw new UnprocessableEntityException(coded('SESSION_NOT_CANCELLABLE', decision.reason));
    const requested = await this.repository.requestCancellation(session.id, by, this.clock.now());
    if (!requested) return this.cancelledAlready(session.id, side, message);
    try {
      await this.payments.refundItem(ITEM_KINDS.tutoringSession, session.id, { requestedBy: userId, reason: `Cancelled by the ${by}` });
    } catch (error) {
      if (error instanceof ConflictException) return this.cancelledAlready(session.id, side, message);
      await this.repository.withdrawCancellation(session.id);
      throw error;
    }
    return { message, tutoringSession: await this.presentOne((await this.repository.findById(session.id))!, side) };
  }

  private async cancelledAlready(sessionId: string, side: { id: string; side: 'student' | 'tutor' }, message: string): Promise<SessionCancelledDto> {
    const now = (await this.repository.findById(sessionId))!;
    if (now.status !== 'cancelled') throw new ConflictException(coded('SESSION_NOT_CANCELLABLE', 'This session is being cancelled already. Please refresh in a moment.'));
    return { message, tutoringSession: await this.presentOne(now, side) };
  }

  /** Rate Session (`POST /student/giveRating {type: 'session'}`): once, by the student, after it ended; feeds the tutor's average. */
  async rate(student: AuthenticatedUser, sessionId: string, rating: number, feedback: string | undefined): Promise<TutoringSessionDto> {
    const session = await this.readable(student, sessionId);
    if (session.studentId !== student.id) throw sessionNotFound();
    const now = this.clock.now();
    const decision = canRateSession(student, session, now);
    if (!decision.allowed) throw this.notRateable(session);
    const rated = await this.events.transaction(async (tx) => {
      const updated = await this.repository.markRated(session.id, student.id, now, tx);
      if (!updated) return undefined;
      const recorded = await this.ratings.record({ itemKind: 'tutoring_session', itemId: session.id, studentId: student.id, tutorId: session.tutorId, rating, feedback: feedback?.trim() || null }, tx);
      if (!recorded) return undefined;
      await this.events.record(tx, 'session.rated', { ...sessionRef(updated), rating });
      return updated;
    });
    if (!rated) throw this.notRateable((await this.repository.findById(session.id))!);
    return this.presentOne(rated, { id: student.id, side: 'student' });
  }

  private notRateable(session: TutoringSessionRow): ConflictException {
    return session.rated
      ? new ConflictException(coded('SESSION_ALREADY_RATED', 'You have already rated this session'))
      : new ConflictException(coded('SESSION_NOT_RATEABLE', 'You can rate a session once it has taken place'));
  }

  /** What a ban of this person would end now (the admin's ban dialog): upcoming paid sessions and live holds, either side. */
  async banImpact(userId: string): Promise<BanImpactDto> {
    if (!(await this.users.findById(userId))) throw userNotFound();
    return this.repository.banImpact(userId, this.clock.now());
  }

  /** The dashboards' figures: completed sessions (paid, ended) of the student or the tutor. */
  completedCount(side: 'student' | 'tutor', userId: string): Promise<number> {
    return this.repository.completedCount(side, userId, this.clock.now());
  }

  private async readable(user: AuthenticatedUser, sessionId: string): Promise<TutoringSessionRow> {
    const session = await this.repository.findById(sessionId);
    if (!session || !canReadSession(user, session)) throw sessionNotFound();
    return session;
  }

  private async presentOne(row: TutoringSessionRow, viewer: { id: string; side: 'student' | 'tutor' }): Promise<TutoringSessionDto> {
    return (await this.presentAll([row], viewer))[0]!;
  }

  private async presentAll(rows: TutoringSessionRow[], viewer: { id: string; side: 'student' | 'tutor' }): Promise<TutoringSessionDto[]> {
    const names = new Map((await this.users.contacts(rows.flatMap((r) => [r.studentId, r.tutorId]))).map((c) => [c.id, c.name]));
    const now = this.clock.now();
    return rows.map((row) => presentSession(row, { viewer, now, names, payoutDelayMs: this.payoutDelayMs, commissionPercent: this.commissionPercent }));
  }
}
