import { Injectable } from '@nestjs/common';
import type { EssayRow } from '../../infra/database/schema/index.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import type { EssayDto } from './dto/essay.dto.js';
import { wordCountBand } from './essay-rules.js';

const STATUS_LABEL: Record<EssayRow['status'], string> = {
  awaiting_confirmation: 'Pending',
  open: 'Pending',
  accepted: 'In Progress',
  paid: 'In Progress',
  completed: 'Completed',
  revision_requested: 'Revision Requested',
  cancelled: 'Cancelled',
};

const PAID_STATES: ReadonlySet<EssayRow['status']> = new Set(['paid', 'completed', 'revision_requested']);

/** Rows → the spec's Essay JSON (part 1 §3, part 2 §3); files become short-lived presigned links. */
@Injectable()
export class EssayPresenter {
  constructor(private readonly storage: StorageService) {}

  /** `links: false` leaves the file links out (the pool: a tutor reads the essay once it is theirs). */
  async present(row: EssayRow, options: { links?: boolean } = {}): Promise<EssayDto> {
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
      price: row.pricePence,
      studentRequest: row.requestType === 'feedback_model' ? 'Feedback and Model Answer' : 'Feedback Only',
      requestType: row.requestType,
      expedited: row.expedited,
      notes: row.notes,
      comments: row.notes,
      status: STATUS_LABEL[row.status],
      state: row.status,
      accepted: row.tutorId !== null,
      paymentStatus: PAID_STATES.has(row.status) || row.paidTime !== null ? 'Paid' : 'Pending',
      paid_time: row.paidTime?.toISOString() ?? null,
      student_accept: row.studentAccept,
      tutor_paid: row.tutorPaid,
      fileUrl,
      markingScheme,
      modelURL,
      score: row.score,
      feedback: row.feedback,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      overdue: row.overdueAt !== null && row.status === 'paid',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      rated: row.rated,
      studentRating: null,
    };
  }

  async presentAll(rows: readonly EssayRow[], options: { links?: boolean } = {}): Promise<EssayDto[]> {
    return Promise.all(rows.map((row) => this.present(row, options)));
  }
}
