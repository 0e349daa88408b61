import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { coded } from '../../common/errors.js';
import type { AuthenticatedUser } from '../../common/guards/authenticated-user.js';
import { Clock } from '../../infra/clock/clock.service.js';
import { academicLevelOf, LEVELS_FOR_STUDY_LEVEL, studyLevelOf, subjectOf, type AcademicLevel } from '../../shared/essay-levels.js';
import { ChatService } from '../chat/chat.service.js';
import type { EssayDto, EssayPoolQueryDto } from './dto/essay.dto.js';
import { EssayPresenter } from './essay.presenter.js';
import { EssayTimers } from './essay-timers.service.js';
import { HELD_STATES, EssaysRepository, type EssayState } from './essays.repository.js';
import { ESSAY_NOT_FOUND } from './essays.service.js';

/** The most essays one pool request lists. */
export const POOL_LIMIT = 100;
const ALREADY_ACCEPTED = 'This essay has already been accepted by another tutor.';

/** The tutor's side: the pool (within their StudyLevel's ceiling), the atomic accept, their own essays. */
@Injectable()
export class EssayReviewsService {
  private readonly logger = new Logger(EssayReviewsService.name);

  constructor(
    private readonly essays: EssaysRepository,
    private readonly presenter: EssayPresenter,
    private readonly chat: ChatService,
    private readonly timers: EssayTimers,
    private readonly clock: Clock,
  ) {}

  /** Open essays at or below the tutor's ceiling (DESIGN.md §9), narrowed by level, subject and title in SQL. */
  async pool(tutor: AuthenticatedUser, query: EssayPoolQueryDto): Promise<EssayDto[]> {
    let levels = await this.ceiling(tutor.id);
    const level = query.level && query.level.toLowerCase() !== 'all' ? academicLevelOf(query.level) : undefined;
    if (query.level && query.level.toLowerCase() !== 'all') levels = level && levels.includes(level) ? [level] : [];
    // The subject filter applies only with a level chosen (the pool disables it while the level is all).
    const subject = level && query.subject ? (subjectOf(level, query.subject) ?? query.subject) : undefined;
    const search = query.search?.trim() || undefined;
    const rows = await this.essays.pool({ levels, subject, search, limit: POOL_LIMIT });
    return this.presenter.presentAll(rows, { links: false });
  }

  /**
   * Exactly one of any number of concurrent tutors wins (a conditional UPDATE); the others hear 409
   * `ESSAY_ALREADY_ACCEPTED`, and the winner asking again hears 200 with the same essay. The winner's
   * conversation with the student opens and the discussion timer starts (again on a repeat: both are idempotent,
   * so a crash in between heals).
   */
  async accept(tutor: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const levels = await this.ceiling(tutor.id);
    const won = await this.essays.accept(essayId, tutor.id, levels, this.clock.now());
    const essay = won ?? (await this.essays.findById(essayId));
    if (!essay || !levels.includes(essay.academicLevel) || essay.status === 'awaiting_confirmation') {
      throw new NotFoundException(coded('NOT_FOUND', ESSAY_NOT_FOUND));
    }
    if (essay.tutorId !== tutor.id || !HELD_STATES.includes(essay.status)) {
      throw new ConflictException(coded('ESSAY_ALREADY_ACCEPTED', ALREADY_ACCEPTED));
    }
    await this.chat.openConversation(essay.studentId, tutor.id, { kind: 'essay', id: essay.id });
    // The 24 h discussion (again on a repeat: the same job id, so a lost enqueue heals and a live one is not doubled).
    // Redis down does not undo the accept: the sweeper finds the essay once its window has passed.
    if (essay.status === 'accepted' && essay.acceptedAt) {
      await this.timers.scheduleDiscussionExpiry(essay.id, essay.acceptedAt).catch((error: unknown) => {
        this.logger.warn(`essay ${essay.id}: discussion expiry not queued (the sweeper will catch it): ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    return this.presenter.present(essay);
  }

  /** An essay the tutor holds (with its files), or an open one they could accept (without). */
  async get(tutor: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const essay = await this.essays.findById(essayId);
    if (essay && essay.tutorId === tutor.id) return this.presenter.present(essay);
    if (essay?.status === 'open' && (await this.ceiling(tutor.id)).includes(essay.academicLevel)) return this.presenter.present(essay, { links: false });
    throw new NotFoundException(coded('NOT_FOUND', ESSAY_NOT_FOUND));
  }

  async listOwn(tutor: AuthenticatedUser, states?: readonly EssayState[]): Promise<EssayDto[]> {
    return this.presenter.presentAll(await this.essays.listForTutor(tutor.id, states));
  }

  /**
   * The tutor's Cancel Review in the discussion (DESIGN.md §9): back to the pool at once; refused once paid
   * (409). Only the holder: anyone else hears 404. A repeat after the essay left them is 404 too.
   */
  async reject(tutor: AuthenticatedUser, essayId: string): Promise<EssayDto> {
    const released = await this.timers.release(essayId, { tutorId: tutor.id }, 'cancelled');
    if (released) return this.presenter.present(released, { links: false });
    const essay = await this.essays.findById(essayId);
    if (essay && essay.tutorId === tutor.id) throw new ConflictException(coded('PAYMENT_ALREADY_PAID', 'The review can no longer be cancelled: the essay has been paid for.'));
    throw new NotFoundException(coded('NOT_FOUND', ESSAY_NOT_FOUND));
  }

  /** The essay levels the tutor's StudyLevel allows; none while the admin has not set one. */
  private async ceiling(tutorId: string): Promise<readonly AcademicLevel[]> {
    const studyLevel = studyLevelOf(await this.essays.tutorStudyLevel(tutorId));
    return studyLevel ? LEVELS_FOR_STUDY_LEVEL[studyLevel] : [];
  }
}
