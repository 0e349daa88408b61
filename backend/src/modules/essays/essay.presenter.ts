import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.schema.js';
import type { EssayRow } from './essays.schema.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { poundsFromPence } from '@redpen/shared/money';
import { UsersService } from '../users/users.service.js';
import { RatingsService } from '../ratings/ratings.service.js';
import type { EssayDto, EssayStudentRatingDto } from './dto/essay.dto.js';
import { countAgreementStep, discussionEndsAt, essayWindows, type EssayWindows, markingDueAt, payoutAvailableAt, refundableUntil, revisionAvailableUntil } from './essay-rules.js';
import { wordCountBand } from '@redpen/shared/essay-rules';
import { tutorEarnings } from '@redpen/shared/pricing';

const STATUS_LABEL: Record<EssayRow['status'], string> = {
  awaiting_confirmation: 'Pending',
  open: 'Pending',
  accepted: 'In Progress',
  paid: 'In Progress',
  completed: 'Completed',
  revision_requested: 'Revision Requested',
  cancelled: 'Cancelled',
};

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

const PAID_STATES: ReadonlySet<EssayRow['status']> = new Set(['paid', 'completed', 'revision_requested']);

/** A paid essay can only be cancelled through a full refund, so cancelled after paying is refunded. */
function paymentStatusOf(row: EssayRow): 'Pending' | 'Paid' | 'Refunded' {
  if (row.status === 'cancelled') return row.paidTime ? 'Refunded' : 'Pending';
  return PAID_STATES.has(row.status) || row.paidTime !== null ? 'Paid' : 'Pending';
}

/** What a page of essays needs besides its rows, fetched once per page (names and ratings). */
interface Related {
  names: ReadonlyMap<string, string>;
  ratings: ReadonlyMap<string, EssayStudentRatingDto>;
}

interface PresentOptions {
  links?: boolean;
  people?: boolean;
  /** The tutor's view: add what the tutor earns after the platform's commission (`tutorEarnings`). */
  earnings?: boolean;
}

const NO_ONE: Related = { names: new Map(), ratings: new Map() };

/**
 * Rows → the spec's Essay JSON; files become short-lived presigned links. The people's
 * names and the ratings of a page are read in two queries for the whole page, not per essay.
 */
@Injectable()
export class EssayPresenter {
  /** The configured windows, read once: every essay presented sends its clocks as instants. */
  private readonly windows: EssayWindows;
  private readonly commissionPercent: number;

  constructor(
    private readonly storage: StorageService,
    private readonly ratings: RatingsService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.windows = essayWindows(config.windows);
    this.commissionPercent = config.payments.platformCommissionPercent;
  }

  /**
   * `links: false` leaves the file links and the student's id out (a tutor reads the essay once it is theirs);
   * `people: false` also skips the names (the pool's cards name nobody: one query less on the busiest list).
   */
  async present(row: EssayRow, options: PresentOptions = {}): Promise<EssayDto> {
    return (await this.presentAll([row], options))[0]!;
  }

  async presentAll(rows: readonly EssayRow[], options: PresentOptions = {}): Promise<EssayDto[]> {
    const related = options.people === false ? NO_ONE : await this.related(rows);
    return Promise.all(rows.map((row) => this.presentOne(row, related, options)));
  }

  private async related(rows: readonly EssayRow[]): Promise<Related> {
    const people = new Set<string>();
    for (const row of rows) {
      people.add(row.studentId);
      if (row.tutorId) people.add(row.tutorId);
    }
    const rated = rows.filter((row) => row.rated).map((row) => row.id);
    const [contacts, ratings] = await Promise.all([this.users.contacts([...people]), this.ratings.forItems('essay', rated)]);
    return {
      names: new Map(contacts.map((c) => [c.id, c.name])),
      ratings: new Map(ratings.map((r) => [r.itemId, { rating: r.rating, feedback: r.feedback, ratingDate: r.createdAt.toISOString() }])),
    };
  }

  private async presentOne(row: EssayRow, related: Related, options: PresentOptions): Promise<EssayDto> {
    const links = options.links ?? true;
    // No download name: the links open inline (the PDF viewer's frame); the page offers its own download button.
    const link = (key: string | null) => (links && key ? this.storage.presignedDownloadUrl(key) : Promise.resolve(null));
    const [fileUrl, markingScheme, modelURL] = await Promise.all([link(row.fileKey), link(row.markingSchemeKey), link(row.modelFileKey)]);
    const band = wordCountBand(row.originalWordCount);
    return {
      _id: row.id,
      title: row.title,
      subject: row.subject,
      academicLevel: row.academicLevel,
      qualification: row.academicLevel,
      wordCount: row.wordCount,
      originalWordCount: row.originalWordCount,
      minWordCount: Math.max(1, band.min),
      maxWordCount: band.max,
      price: poundsFromPence(row.pricePence),
      pricePence: row.pricePence,
      wordCountToBeAgreed: row.wordCountToBeAgreed,
      wordCountEstimated: row.wordCountEstimated,
      priceConfirmationNeeded: row.status === 'accepted' && countAgreementStep(row) === 'price-not-confirmed',
      modelAnswerSurcharge: poundsFromPence(row.modelAnswerSurchargePence),
      modelAnswerSurchargePence: row.modelAnswerSurchargePence,
      expeditedSurcharge: poundsFromPence(row.expeditedSurchargePence),
      expeditedSurchargePence: row.expeditedSurchargePence,
      ...(options.earnings ? tutorEarnings(row.pricePence, this.commissionPercent) : {}),
      studentRequest: row.requestType === 'feedback_model' ? 'Feedback and Model Answer' : 'Feedback Only',
      requestType: row.requestType,
      expedited: row.expedited,
      notes: row.notes,
      comments: row.notes,
      preview: row.preview,
      status: STATUS_LABEL[row.status],
      state: row.status,
      accepted: row.tutorId !== null,
      paymentStatus: paymentStatusOf(row),
      paid_time: iso(row.paidTime),
      student_accept: row.studentAccept,
      tutor_paid: row.tutorPaid,
      fileUrl,
      markingScheme,
      modelURL,
      score: row.score,
      feedback: row.feedback,
      acceptedAt: iso(row.acceptedAt),
      completedAt: iso(row.completedAt),
      overdue: row.overdueAt !== null && (row.status === 'paid' || row.status === 'revision_requested'),
      markingDueAt: iso(markingDueAt(row, this.windows)),
      revisionRequestedAt: iso(row.revisionRequestedAt),
      revisionAvailableUntil: iso(revisionAvailableUntil(row, this.windows)),
      discussionEndsAt: iso(discussionEndsAt(row, this.windows)),
      payoutAvailableAt: iso(payoutAvailableAt(row, this.windows)),
      refundableUntil: iso(refundableUntil(row, this.windows)),
      tutorConfirmed: row.tutorConfirmedAt !== null,
      tutorName: row.tutorId ? (related.names.get(row.tutorId) ?? null) : null,
      studentName: related.names.get(row.studentId) ?? '',
      // Not on pool cards: a tutor learns who the student is by accepting (like the file links).
      studentId: links ? row.studentId : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      rated: row.rated,
      studentRating: related.ratings.get(row.id) ?? null,
    };
  }
}
