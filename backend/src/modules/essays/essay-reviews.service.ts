import { ConflictException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { coded, RuleViolationException, ValidationFailedException } from '../../common/errors.js';
import { holdsRole, type AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { TUTOR_NOT_APPROVED_MESSAGE } from '../../common/guards/approved-tutor.guard.js';
import { TutorApprovals } from '../../common/guards/tutor-approvals.js';
import type { ReceivedUpload } from '../../common/uploads/upload-rule.js';
import { PreparedJson } from '../../infra/http/prepared-json.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { Transaction } from '../../infra/database/database.types.js';
import type { EssayRow } from './essays.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { academicLevelOf, LEVELS_FOR_STUDY_LEVEL, studyLevelOf, subjectOf, type AcademicLevel } from '@redpen/shared/essay-levels';
import { ITEM_KINDS } from '../payments/payable-items.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { SafeguardingService } from '../safeguarding/safeguarding.service.js';
import type { EssayDto, EssayPoolQueryDto, MarkEssayFormDto } from './dto/essay.dto.js';
import { bandMessage, isWithinBand } from '@redpen/shared/essay-rules';
import { discussionEndsAt, essayTotalPence, essayWindows, type EssayWindows } from './essay-rules.js';
import { EssayPresenter } from './essay.presenter.js';
import { EssayPoolCache } from './essay-pool-cache.js';
import { EssayTimers, essayRef } from './essay-timers.service.js';
import { acceptOutcome, canCancelReview, canConfirmWordCount, canMark, canPreviewEssay, dealsWithThemselves, holdsEssay } from './essays.access.js';
import { EssaysRepository, type EssayState } from './essays.repository.js';
import { essayNotFound, selfDealing } from './essay-errors.js';

/**
 * What a tutor learns of an essay before holding it: the pool's card (no file links, no student's name or id), with
 * what they would earn.
 */
const POOL_CARD = { links: false, people: false, earnings: true } as const;

/** Every essay the tutor side answers carries what the tutor earns for it. */
const TUTOR_VIEW = { earnings: true } as const;

/** The most essays one pool request lists. */
export const POOL_LIMIT = 100;
const ALREADY_ACCEPTED = 'This essay has already been accepted by another tutor.';

/** The tutor's side: the pool (within their StudyLevel's ceiling), the atomic accept, their own essays. */
@Injectable()
export class EssayReviewsService {

  constructor(
    private readonly essays: EssaysRepository,
    private readonly presenter: EssayPresenter,
    private readonly poolAnswers: EssayPoolCache,
    private readonly approvals: TutorApprovals,
    private readonly timers: EssayTimers,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly storage: StorageService,
    private readonly payments: PaymentsService,
    private readonly safeguarding: SafeguardingService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.windows = essayWindows(config.windows);
  }

  private readonly windows: EssayWindows;

  /**
   * Open essays at or below the tutor's ceiling, narrowed by level, subject and title in SQL, as an
   * EssaysDto (`{ essays }`) prepared for sending: the answer is shared, serialized and gzipped once, with every tutor
   * asking the same until the pool changes (EssayPoolCache). A hundred essays are ~95 KiB of JSON.
   */
  async poolAnswer(tutor: AuthenticatedUser, query: EssayPoolQueryDto): Promise<PreparedJson> {
    let levels = await this.ceiling(tutor.id);
    const level = query.level && query.level.toLowerCase() !== 'all' ? academicLevelOf(query.level) : undefined;
    if (query.level && query.level.toLowerCase() !== 'all') levels = level && levels.includes(level) ? [level] : [];
    // The subject filter applies only with a level chosen (the pool disables it while the level is all). A listed
    // subject is matched in its list's spelling, any other text (uploads take free text) in any letter case.
    const wanted = query.subject?.trim();
    const listed = level && wanted ? subjectOf(level, wanted) : undefined;
    const subject = level && wanted ? (listed ? { listed } : { freeText: wanted.toLowerCase() }) : undefined;
    const subjectKey = subject && ('listed' in subject ? subject.listed : `free text: ${subject.freeText}`);
    const search = query.search?.trim() || undefined;
    // A tutor who is also a student never sees their own essays: their answer is their own, not shared.
    const excludeStudentId = holdsRole(tutor, 'student') ? tutor.id : undefined;
    return this.poolAnswers.read({ levels, subject: subjectKey, search, excludeStudentId }, async () => {
      const rows = await this.essays.pool({ levels, subject, search, excludeStudentId, limit: POOL_LIMIT });
      const essays: EssayDto[] = await this.presenter.presentAll(rows, POOL_CARD);
      return PreparedJson.of({ essays });
    });
  }

  /**
   * Exactly one of any number of concurrent tutors wins (a conditional UPDATE); the others hear 409
   * `ESSAY_ALREADY_ACCEPTED`, and the winner asking again hears 200 with the same essay. The win records
   * `essay.accepted` in its transaction: the conversation with the student opens and the discussion timer starts
   * (subscribers, after the commit; from the outbox if the process dies first).
   */
  async accept(tutor: AuthenticatedUser, essayId: string, wordCount?: number): Promise<EssayDto> {
    const levels = await this.ceiling(tutor.id);
    const won = await this.events.transaction(async (tx) => {
      const row = await this.essays.accept(essayId, tutor.id, levels, this.clock.now(), tx);
      if (row) await this.events.record(tx, 'essay.accepted', { ...essayRef(row), tutorId: tutor.id, acceptedAt: row.acceptedAt!.toISOString(), discussionEndsAt: discussionEndsAt(row, this.windows)?.toISOString() });
      // A count given with the acceptance is the discussion's Confirm, in the same transaction: a count the band
      // refuses undoes the acceptance too (the tutor sets a student's count at acceptance or later).
      return row && wordCount !== undefined ? this.confirmIn(tx, tutor, row, wordCount) : row;
    });
    const essay = won ?? (await this.essays.findById(essayId));
    const outcome = acceptOutcome(tutor, essay, levels);
    if (!essay || outcome === 'not-found') throw essayNotFound();
    if (outcome === 'own') throw selfDealing();
    if (outcome === 'taken') throw new ConflictException(coded('ESSAY_ALREADY_ACCEPTED', ALREADY_ACCEPTED));
    return this.presenter.present(essay, TUTOR_VIEW);
  }

  /**
   * An essay the tutor holds (with its files and people), or an open one they could accept: only for an
   * essay-approved tutor within their ceiling (as the pool; 403 `TUTOR_NOT_APPROVED` otherwise), and then exactly
   * the pool's card (no files, no student's name or id) until they hold it.
   */
  async get(tutor: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const essay = await this.essays.findById(essayId);
    if (essay && dealsWithThemselves(tutor, essay)) throw selfDealing();
    if (holdsEssay(tutor, essay)) return this.presenter.present(essay, TUTOR_VIEW);
    if (!(await this.approvals.isApproved(tutor.id, 'essay'))) throw new ForbiddenException(coded('TUTOR_NOT_APPROVED', TUTOR_NOT_APPROVED_MESSAGE));
    if (canPreviewEssay(essay, await this.ceiling(tutor.id))) return this.presenter.present(essay, POOL_CARD);
    throw essayNotFound();
  }

  /**
   * The essays the tutor accepted. One they no longer hold (cancelled or refunded: the row keeps their id for the
   * record) is listed as its pool card: no more file links or student's details.
   */
  async listOwn(tutor: AuthenticatedUser, states?: readonly EssayState[]): Promise<EssayDto[]> {
    const rows = await this.essays.listForTutor(tutor.id, states);
    const held = rows.filter((row) => holdsEssay(tutor, row));
    const former = rows.filter((row) => !holdsEssay(tutor, row));
    const [heldDtos, formerDtos] = await Promise.all([this.presenter.presentAll(held, TUTOR_VIEW), this.presenter.presentAll(former, POOL_CARD)]);
    const byId = new Map([...heldDtos, ...formerDtos].map((dto) => [dto._id, dto]));
    return rows.map((row) => byId.get(row.id)!);
  }

  /**
   * The tutor's Cancel Review in the discussion: back to the pool at once; refused once paid
   * (409). Only the holder: anyone else hears 404. A repeat after the essay left them is 404 too.
   */
  async reject(tutor: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const released = await this.timers.release(essayId, { tutorId: tutor.id }, 'cancelled');
    if (released) return this.presenter.present(released, { links: false, earnings: true });
    const essay = await this.essays.findById(essayId);
    if (canCancelReview(tutor, essay)) throw new ConflictException(coded('PAYMENT_ALREADY_PAID', 'The review can no longer be cancelled: the essay has been paid for.'));
    throw essayNotFound();
  }

  /**
   * The tutor's Confirm in the discussion (`POST /essays/{id}/confirm`): records the agreement and,
   * with an agreed `wordCount` in the ±10 % band of the original, reprices the essay. Only the holder (else 404).
   * A new count is refused once paid, and while the student has a checkout open (its amount is fixed): the row lock
   * is the one Payments takes to open a checkout, so neither can slip past the other. Confirming again is harmless.
   * An essay whose count is to be agreed, or is the student's (an image, a document with no text), takes the tutor's
   * count once, outside the band: it becomes the original and the essay is repriced.
   */
  async confirm(tutor: AuthenticatedUser, essayId: string, wordCount: number | undefined): Promise<EssayDto> {
    const confirmed = await this.events.transaction(async (tx) => {
      const essay = await this.essays.findById(essayId, tx, { lock: true });
      if (!canConfirmWordCount(tutor, essay)) throw essayNotFound();
      return this.confirmIn(tx, tutor, essay, wordCount);
    });
    return this.presenter.present(confirmed, TUTOR_VIEW);
  }

  /**
   * The Confirm's rules on a row locked in `tx`. A count that is the student's (`wordCountEstimated`: an image, or a
   * document with no text layer) or still to be agreed is the tutor's to set once, outside the band: it becomes the
   * original and reprices the essay (the student pays the new price or cancels for free); any other
   * count stays in the ±10 % band of the original.
   */
  private async confirmIn(tx: Transaction, tutor: AuthenticatedUser, essay: EssayRow, wordCount: number | undefined): Promise<EssayRow> {
    // The student's estimate confirmed as it is still sets it (once), while the essay is unpaid.
    const setsEstimate = essay.wordCountEstimated && essay.status === 'accepted';
    const newCount = wordCount !== undefined && (wordCount !== essay.wordCount || setsEstimate) ? wordCount : undefined;
    const setsOwnCount = essay.wordCountToBeAgreed || essay.wordCountEstimated;
    // A Confirm without a count does not stand for setting one the document does not give: the essay would stay
    // unpayable (WORD_COUNT_NOT_SET) while the student is told to pay.
    if (newCount === undefined && setsOwnCount && essay.status === 'accepted') throw new RuleViolationException(SET_THE_COUNT);
    if (newCount !== undefined) {
      if (essay.status !== 'accepted') throw notConfirmable(essay.status === 'paid' ? 'The word count can no longer change: the essay has been paid for.' : undefined);
      if (!setsOwnCount && !isWithinBand(essay.originalWordCount, newCount)) throw new RuleViolationException(bandMessage(essay.originalWordCount));
      if (await this.payments.hasOpenCheckout(ITEM_KINDS.essay, essay.id, tx)) {
        throw new ConflictException(coded('PAYMENT_IN_PROGRESS', 'The student is paying for this essay now, so its word count cannot change. Try again if the payment does not go through.'));
      }
    }
    const setsAgreedCount = newCount !== undefined && setsOwnCount;
    const repriced =
      newCount === undefined
        ? null
        : {
            wordCount: newCount,
            pricePence: essayTotalPence(newCount, essay),
            ...(setsAgreedCount ? { originalWordCount: newCount, wordCountToBeAgreed: false as const, wordCountEstimated: false as const } : {}),
          };
    const updated = await this.essays.tutorConfirm(essay.id, tutor.id, repriced, this.clock.now(), tx);
    if (!updated) throw notConfirmable();
    // Still unpaid: the student is asked to pay (once per price: a repeated Confirm at the same count tells nobody again).
    if (updated.status === 'accepted' && updated.acceptedAt && (updated.pricePence !== essay.pricePence || !essay.tutorConfirmedAt)) {
      await this.events.record(tx, 'essay.wordCountConfirmed', {
        ...essayRef(updated),
        tutorId: tutor.id,
        acceptedAt: updated.acceptedAt.toISOString(),
        wordCount: updated.wordCount,
        pricePence: updated.pricePence,
        discussionEndsAt: discussionEndsAt(updated, this.windows)!.toISOString(),
      });
    }
    return updated;
  }

  /** Essays the tutor has reviewed (marked, not sent back for a revision): the tutor dashboard's count. */
  reviewedCount(tutorId: string): Promise<number> {
    return this.essays.reviewedCount(tutorId);
  }

  /**
   * Marking: only the tutor holding it, only once paid (or back for a revision); a model
   * answer / marked file is required for `feedback_model`. Records `essay.completed` (the student is mailed, the
   * payout and revision clocks start) once per marking.
   */
  async mark(tutor: AuthenticatedUser, form: ReceivedUpload<MarkEssayFormDto>): Promise<EssayDto> {
    const { essayID, score, feedback } = form.fields;
    const essay = await this.essays.findById(essayID);
    if (essay && dealsWithThemselves(tutor, essay)) throw selfDealing();
    if (!canMark(tutor, essay)) throw essayNotFound();
    const file = form.file('modelAnswerFile');
    if (essay.requestType === 'feedback_model' && !file && !essay.modelFileKey) {
      throw new ValidationFailedException([{ field: 'modelAnswerFile', message: 'You must upload a marked essay file to continue.' }]);
    }
    const marked = await this.events.transaction(async (tx) => {
      // The essay's row lock, the one a refund takes before claiming its payment: a refund in progress goes first,
      // and a marking that went first makes the refund refuse.
      const locked = await this.essays.findById(essay.id, tx, { lock: true });
      if (locked?.status === 'paid' && (await this.payments.refundInProgress(ITEM_KINDS.essay, essay.id, tx))) {
        throw new ConflictException(coded('ESSAY_REFUNDING', 'This essay is being refunded to the student, so it can no longer be marked.'));
      }
      // The feedback is written for the student: masked on write by the one safeguarding rule, flagged with the essay.
      const screened = this.safeguarding.screen(feedback);
      const done = await this.essays.markCompleted(essay.id, tutor.id, { score, feedback: screened.text, modelFileKey: file?.key ?? null }, this.clock.now(), tx);
      if (done) await this.safeguarding.flag(screened, { kind: 'essay_feedback', id: essay.id, authorId: tutor.id, readerId: essay.studentId }, tx);
      const revision = essay.status === 'revision_requested';
      if (done) await this.events.record(tx, 'essay.completed', { ...essayRef(done.essay), tutorId: tutor.id, completedAt: done.essay.completedAt!.toISOString(), score, revision });
      return done;
    });
    if (!marked) throw new ConflictException(coded('ESSAY_NOT_MARKABLE', essay.status === 'completed' ? 'This essay has already been marked.' : 'An essay can be marked once the student has paid for it.'));
    form.keep();
    await this.storage.deleteQuietly([marked.replacedModelFileKey]);
    return this.presenter.present(marked.essay, TUTOR_VIEW);
  }

  /** The essay levels the tutor's StudyLevel allows; none while the admin has not set one. */
  private async ceiling(tutorId: string): Promise<readonly AcademicLevel[]> {
    const studyLevel = studyLevelOf(await this.approvals.studyLevel(tutorId));
    return studyLevel ? LEVELS_FOR_STUDY_LEVEL[studyLevel] : [];
  }
}

const SET_THE_COUNT = "Please set the word count: this essay's count is not read from its file, so it is yours to set before the student can pay.";

const notConfirmable = (message = 'The discussion is over: this essay can no longer be confirmed.') => new ConflictException(coded('ESSAY_NOT_EDITABLE', message));
