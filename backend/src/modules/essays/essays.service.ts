import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { coded, RuleViolationException, ValidationFailedException } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import type { ReceivedUpload, StoredUpload } from '../../common/uploads/upload-rule.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import { Clock } from '../../infra/clock/clock.service.js';
import type { EssayRow } from './essays.schema.js';
import { DomainEvents } from '../../infra/events/domain-events.service.js';
import { ACADEMIC_LEVELS, academicLevelOf, subjectOf } from '@redpen/shared/essay-levels';
import { poundsFromPence } from '@redpen/shared/money';
import { ChatService } from '../chat/chat.service.js';
import type { ChatMessageDto } from '../chat/dto/chat.dto.js';
import { ITEM_KINDS } from '../payments/payable-items.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import { SafeguardingService } from '../safeguarding/safeguarding.service.js';
import type { EssayDto, UpdateWordCountDto, UploadEssayFormDto, UploadEssayResultDto } from './dto/essay.dto.js';
import type { RatingRequest } from '../ratings/rated-items.service.js';
import { EssayPresenter } from './essay.presenter.js';
import { essayRef } from './essay-timers.service.js';
import { essayNotFound, priceNotConfirmedMessage, selfDealing, wordCountNotSet } from './essay-errors.js';
import { bandMessage, isWithinBand, wordCountBand } from '@redpen/shared/essay-rules';
import { countAgreementStep, essayTotalPence, essayWindows, markingDueAt, minimumPricePence, PLACEHOLDER_COUNT, type EssayWindows } from './essay-rules.js';
import { isSelfHeld } from '../../common/access.js';
import { canRate, canReadEssay, canUpdateWordCount, discussionSide, isEssayStudent } from './essays.access.js';
import { EssaysRepository, type EssayState } from './essays.repository.js';
import { DocumentWordCounter, type DocumentReading } from './word-count/document-word-counter.js';
import { isReadableDocument, UnreadableDocumentError } from './word-count/document-text.js';
import { FileBytes } from './word-count/file-bytes.js';
import { WordCounter } from './word-count/word-counter.js';

const UNREADABLE_MESSAGE = 'We could not read the text of this document (it may be damaged or password-protected). Please upload another copy.';
const NO_WORDS_MESSAGE = 'No words could be read from this file. Please enter its word count.';
/** An image uploaded without a count: stored with PLACEHOLDER_COUNT and `wordCountToBeAgreed`. */
const COUNT_TO_BE_AGREED = Symbol('count to be agreed');

/** The spec's student lists: which lifecycle states each shows. */
export const STUDENT_LISTS = {
  all: undefined,
  pending: ['awaiting_confirmation', 'open'],
  'in-progress': ['accepted', 'paid', 'revision_requested'],
  completed: ['completed'],
} as const satisfies Record<string, readonly EssayState[] | undefined>;
export type StudentList = keyof typeof STUDENT_LISTS;

/** The student's side of an essay: upload with the detected count, confirm/adjust, read. */
@Injectable()
export class EssaysService {
  /** The configured windows, read once (as the presenter, the payables and the timers do). */
  private readonly windows: EssayWindows;

  constructor(
    private readonly essays: EssaysRepository,
    private readonly presenter: EssayPresenter,
    private readonly documents: DocumentWordCounter,
    private readonly clock: Clock,
    private readonly chat: ChatService,
    private readonly payments: PaymentsService,
    private readonly ratings: RatingsService,
    private readonly events: DomainEvents,
    private readonly safeguarding: SafeguardingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.windows = essayWindows(config.windows);
  }

  async upload(student: AuthenticatedUser, form: ReceivedUpload<UploadEssayFormDto>): Promise<UploadEssayResultDto> {
    const fields = form.fields;
    const file = form.file('file');
    if (!file) throw new ValidationFailedException([{ field: 'file', message: 'Please upload a file' }]);
    const academicLevel = academicLevelOf(fields.academicLevel);
    if (!academicLevel) throw new ValidationFailedException([{ field: 'academicLevel', message: `Academic level must be one of ${ACADEMIC_LEVELS.join(', ')}` }]);
    // Free text; a subject the level lists keeps the list's spelling, so the pool's filter finds it.
    const subject = subjectOf(academicLevel, fields.subject) ?? fields.subject;

    const { count: counted, estimated, opening } = await this.originalCount(file, fields.wordCount);
    const wordCountToBeAgreed = counted === COUNT_TO_BE_AGREED;
    const originalWordCount = wordCountToBeAgreed ? PLACEHOLDER_COUNT : counted;
    // The student's count (or none): the accepting tutor may set the real one once.
    const wordCountEstimated = wordCountToBeAgreed || estimated;
    const requestType = fields.studentRequest ?? 'feedback-only';
    const expedited = fields.expedited ?? false;
    const surcharges = {
      modelAnswerSurchargePence: requestType === 'feedback_model' ? this.config.essays.modelAnswerSurchargePence : 0,
      expeditedSurchargePence: expedited ? this.config.essays.expeditedSurchargePence : 0,
    };
    const scheme = form.file('markingScheme');
    const now = this.clock.now();
    // The notes are written for the tutors: masked on write by the one safeguarding rule, flagged with the essay.
    const given = fields.notes ?? fields.comments ?? null;
    const notes = given === null ? null : this.safeguarding.screen(given);
    const row = await this.events.transaction(async (tx) => {
      const inserted = await this.essays.insert(
        {
          studentId: student.id,
          title: fields.title,
          subject,
          academicLevel,
          requestType,
          expedited,
          notes: notes?.text ?? null,
          originalWordCount,
          wordCount: originalWordCount,
          pricePence: wordCountToBeAgreed ? minimumPricePence(surcharges) : essayTotalPence(originalWordCount, surcharges),
          wordCountToBeAgreed,
          wordCountEstimated,
          // Not read from the document: paid only at a price the student confirms once the tutor has set the count.
          priceConfirmationRequired: wordCountEstimated,
          ...surcharges,
          preview: opening || null,
          fileKey: file.key,
          fileName: file.filename,
          fileMime: file.mime,
          markingSchemeKey: scheme?.key ?? null,
          markingSchemeName: scheme?.filename ?? null,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      if (notes) await this.safeguarding.flag(notes, { kind: 'essay_notes', id: inserted.id, authorId: student.id }, tx);
      return inserted;
    });
    form.keep();
    const band = wordCountBand(originalWordCount);
    return {
      essayId: row.id,
      wordCount: row.wordCount,
      price: poundsFromPence(row.pricePence),
      pricePence: row.pricePence,
      wordCountToBeAgreed,
      originalWordCount,
      minWordCount: Math.max(1, band.min),
      maxWordCount: band.max,
    };
  }

  /**
   * The document's own count, from what the upload kept of it on its way to storage (ESSAY_UPLOAD's essayCountTap:
   * nothing is read back), or for an image (or a document with no text layer) the student's entry, `estimated`: the
   * tutor may set it once. An image without one is COUNT_TO_BE_AGREED: the tutor sets its count in the
   * discussion.
   */
  private async originalCount(
    file: StoredUpload,
    studentCount: number | undefined,
  ): Promise<{ count: number | typeof COUNT_TO_BE_AGREED; estimated: boolean; opening: string }> {
    if (!isReadableDocument(file.mime)) {
      return studentCount ? { count: studentCount, estimated: true, opening: '' } : { count: COUNT_TO_BE_AGREED, estimated: false, opening: '' };
    }
    let detected: number;
    let opening: string;
    try {
      ({ words: detected, opening } = await this.detectedCount(file));
    } catch (error) {
      if (error instanceof UnreadableDocumentError) throw new BadRequestException({ ...coded('ESSAY_FILE_UNREADABLE', UNREADABLE_MESSAGE), errors: [{ field: 'file', message: UNREADABLE_MESSAGE }] });
      throw error;
    }
    if (detected > 0) return { count: detected, estimated: false, opening };
    // A scanned PDF has no text layer: like an image, the student's count becomes the original.
    if (studentCount) return { count: studentCount, estimated: true, opening: '' };
    throw new BadRequestException({ ...coded('ESSAY_FILE_UNREADABLE', NO_WORDS_MESSAGE), errors: [{ field: 'wordCount', message: NO_WORDS_MESSAGE }] });
  }

  /**
   * Plain text was counted as it streamed; a PDF, DOCX or DOC is counted in the word counter's worker, its bytes
   * transferred there (one document at a time per process, off the event loop).
   */
  private async detectedCount(file: StoredUpload): Promise<DocumentReading> {
    if (file.tap instanceof WordCounter) return { words: file.tap.end(), opening: file.tap.opening() };
    if (file.tap instanceof FileBytes) return this.documents.read(await file.tap.take(), file.mime);
    throw new Error(`essay ${file.key} (${file.mime}) arrived without its bytes: is ESSAY_UPLOAD's tap set?`);
  }

  /** Confirm or adjust the count within ±10 % of the original, repriced here; only before a tutor accepts. */
  async updateWordCount(student: AuthenticatedUser, body: UpdateWordCountDto): Promise<EssayDto> {
    const essay = await this.owned(student, body.essayId);
    if (!canUpdateWordCount(student, essay)) throw notEditable();
    // A count to be agreed is the tutor's to set: the student's confirmation puts the essay in the pool as it is.
    const [count, price] = essay.wordCountToBeAgreed ? [essay.wordCount, essay.pricePence] : [body.wordCount, essayTotalPence(body.wordCount, essay)];
    if (!essay.wordCountToBeAgreed && !isWithinBand(essay.originalWordCount, count)) throw new RuleViolationException(bandMessage(essay.originalWordCount));
    const updated = await this.essays.confirmWordCount(essay.id, student.id, count, price, this.clock.now());
    if (!updated) throw notEditable();
    return this.presenter.present(updated);
  }

  async list(student: AuthenticatedUser, list: StudentList): Promise<EssayDto[]> {
    return this.presenter.presentAll(await this.essays.listForStudent(student.id, STUDENT_LISTS[list]));
  }

  async get(student: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    return this.presenter.present(await this.owned(student, essayId));
  }

  /**
   * The student accepts the tutor's feedback (`POST /student/acceptEssay/{id}`): only once completed; it makes
   * the tutor's payout eligible at once and closes the revision window. Idempotent.
   */
  async acceptFeedback(student: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const essay = await this.owned(student, essayId);
    const now = this.clock.now();
    const accepted = await this.events.transaction(async (tx) => {
      const row = await this.essays.studentAccept(essay.id, student.id, now, tx);
      // The first acceptance only (it is idempotent): the tutor hears they can be paid.
      if (row && !essay.studentAccept && row.tutorId) await this.events.record(tx, 'essay.feedbackAccepted', { ...essayRef(row), tutorId: row.tutorId, acceptedAt: now.toISOString() });
      return row;
    });
    if (!accepted) throw new ConflictException(coded('ESSAY_NOT_EDITABLE', 'Feedback can be accepted once the essay has been reviewed.'));
    return this.presenter.present(accepted);
  }

  /**
   * The student cancels: an unpaid essay at once (out of the pool, or away from its tutor, whose
   * chat context closes: `essay.cancelled`); a paid one through Payments' full refund, which Payments allows within
   * 24 h of paying while it is not marked (EssayPayables.refundBlockedReason) and which cancels the essay (and
   * records the event) in its transaction.
   */
  async cancel(student: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const essay = await this.owned(student, essayId);
    let cancelled = await this.events.transaction(async (tx) => {
      const row = await this.essays.cancelUnpaid(essay.id, student.id, this.clock.now(), tx);
      if (row) await this.events.record(tx, 'essay.cancelled', { ...essayRef(row), tutorId: essay.tutorId, refunded: false });
      return row;
    });
    if (!cancelled) {
      if (essay.status !== 'paid') throw new ConflictException(coded('REFUND_NOT_ALLOWED', 'This essay can no longer be cancelled.'));
      await this.payments.refundItem(ITEM_KINDS.essay, essay.id, { requestedBy: student.id, reason: 'Cancelled by the student' });
      cancelled = await this.owned(student, essay.id);
    }
    return this.presenter.present(cancelled);
  }

  /**
   * The student asks for a revision: once per essay, within 7 days of the first completion, before
   * accepting the feedback (and before the tutor was paid). The essay goes back to its tutor (`revision_requested`),
   * which pauses payout eligibility until the resubmission; from it the payout clock runs and cannot be paused again. Records `essay.revisionRequested`: the tutor is told, the due timer starts.
   */
  async requestRevision(student: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const essay = await this.owned(student, essayId);
    const now = this.clock.now();
    const updated = await this.events.transaction(async (tx) => {
      const row = await this.essays.requestRevision(essay.id, student.id, new Date(now.getTime() - this.windows.revisionMs), now, tx);
      if (row) {
        const requestedAt = row.revisionRequestedAt!;
        await this.events.record(tx, 'essay.revisionRequested', { ...essayRef(row), tutorId: row.tutorId!, requestedAt: requestedAt.toISOString(), dueBy: markingDueAt(row, this.windows)!.toISOString() });
      }
      return row;
    });
    if (!updated) {
      if (essay.revisionRequestedAt) throw new ConflictException(coded('ESSAY_NOT_EDITABLE', 'A revision has already been requested for this essay: only one is allowed.'));
      throw new ConflictException(coded('ESSAY_NOT_EDITABLE', 'A revision can be requested within 7 days of the review, before you accept it.'));
    }
    return this.presenter.present(updated);
  }

  /**
   * The student rates the tutor of a review they accepted (`POST /student/giveRating`): once per essay. The essay's
   * `rated` flag, the rating and the tutor's average change in one transaction; a second submission is 409.
   */
  async giveRating(student: AuthenticatedUser, request: RatingRequest): Promise<EssayDto> {
    const essay = await this.owned(student, request.itemId);
    if (isSelfHeld(essay)) throw selfDealing('You cannot rate yourself.');
    const access = canRate(essay);
    if (access === 'already-rated') throw alreadyRated();
    if (access === 'not-rateable') throw notRateable();
    const rated = await this.essays.transaction(async (tx) => {
      const updated = await this.essays.markRated(essay.id, student.id, this.clock.now(), tx);
      if (!updated) return undefined;
      const feedback = request.feedback?.trim() || null;
      const recorded = await this.ratings.record({ itemKind: 'essay', itemId: essay.id, studentId: student.id, tutorId: updated.tutorId!, rating: request.rating, feedback }, tx);
      if (!recorded) throw alreadyRated();
      return updated;
    });
    if (!rated) {
      const current = await this.owned(student, essay.id);
      if (current.rated) throw alreadyRated();
      throw notRateable();
    }
    return this.presenter.present(rated);
  }

  /** Reviews the student accepted and has not rated yet (`GET /student/getPendingRating`). */
  async pendingRatings(student: AuthenticatedUser): Promise<EssayDto[]> {
    return this.presenter.presentAll(await this.essays.awaitingRating(student.id), { links: false });
  }

  /**
   * The student's essay figures (for the student dashboard): essays submitted (confirmed for review, not cancelled)
   * and the mean score (1–10) over reviewed essays, null with none.
   */
  studentFigures(studentId: string): Promise<{ submitted: number; averageScore: number | null }> {
    return this.essays.studentFigures(studentId);
  }

  /** Every essay by stage (for the admin dashboard): with a tutor, waiting for one, completed. */
  stageCounts(): Promise<{ active: number; pending: number; completed: number }> {
    return this.essays.stageCounts();
  }

  /**
   * The student confirms the price the tutor's count gave (`POST /essays/{id}/confirm-price`), naming the price they
   * were shown: an essay whose count was not read from the document is paid only at a price its student confirmed
   * (essay-rules `countAgreementStep`). Refused while the count is still the student's estimate (409
   * `WORD_COUNT_NOT_SET`), and when the price shown is no longer the essay's (409 `PRICE_NOT_CONFIRMED`: the tutor
   * changed the count since). Confirming again is harmless; only while accepted and unpaid.
   */
  async confirmPrice(student: AuthenticatedUser, essayId: string, seenPricePence: number): Promise<EssayDto> {
    const essay = await this.owned(student, essayId);
    if (essay.status !== 'accepted') throw new ConflictException(coded('ESSAY_NOT_EDITABLE', essay.status === 'paid' || essay.paidTime ? 'This essay has already been paid for.' : 'There is no price to confirm: no tutor holds this essay.'));
    if (countAgreementStep(essay) === 'word-count-not-set') throw wordCountNotSet();
    const confirmed = await this.essays.confirmPrice(essay.id, student.id, seenPricePence, this.clock.now());
    if (confirmed) return this.presenter.present(confirmed);
    // The row moved between the read and the guarded update: say why from what it is now.
    const now = await this.owned(student, essay.id);
    if (now.status !== 'accepted') throw new ConflictException(coded('ESSAY_NOT_EDITABLE', 'This essay can no longer be paid for at a new price.'));
    if (countAgreementStep(now) === 'word-count-not-set') throw wordCountNotSet();
    throw new ConflictException(coded('PRICE_NOT_CONFIRMED', `The price has changed: ${priceNotConfirmedMessage(now)}`));
  }

  /** The discussion page's read (`GET /essays/{id}`): the essay's student, or the tutor holding it; else 404. */
  async getForParticipant(user: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const essay = await this.essays.findById(essayId);
    if (!canReadEssay(user, essay)) throw essayNotFound();
    return this.presenter.present(essay);
  }

  /**
   * A message in the essay's discussion (`POST /essays/{id}/messages`): from its student to the tutor holding it,
   * or back; sent through Chat (one message store: masking, blocks and the DBS rule apply; `essayId` attached).
   */
  async sendDiscussionMessage(user: AuthenticatedUser, essayId: string, content: string, clientId?: string): Promise<ChatMessageDto> {
    const essay = await this.essays.findById(essayId);
    const side = discussionSide(user, essay);
    if (!essay || !side) throw essayNotFound();
    const recipient = side === 'student' ? essay.tutorId : essay.studentId;
    return this.chat.sendMessage({ id: user.id, role: side }, { recipient, content, essayId: essay.id, clientId });
  }

  /** The student's own essay; another student's is "not found" (nothing is learnt about it). */
  private async owned(student: AuthenticatedUser, essayId: string): Promise<EssayRow> {
    const essay = await this.essays.findById(essayId);
    if (!isEssayStudent(student, essay)) throw essayNotFound();
    return essay;
  }
}

const notRateable = () => new ConflictException(coded('ESSAY_NOT_RATEABLE', 'You can rate your tutor once you have accepted their feedback.'));
const alreadyRated = () => new ConflictException(coded('ESSAY_ALREADY_RATED', 'You have already rated this review.'));
const notEditable = () => new ConflictException(coded('ESSAY_NOT_EDITABLE', 'The word count can no longer be changed: a tutor has accepted this essay.'));
