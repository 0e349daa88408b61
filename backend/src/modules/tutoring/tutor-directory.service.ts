import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock.service.js';
import { PreparedJson } from '../../infra/http/prepared-json.js';
import { StorageService } from '../../infra/storage/storage.service.js';
import { averageRating } from '../ratings/ratings.service.js';
import type { TutorCardDto, TutorListDto, TutorListQueryDto } from './dto/tutoring.dto.js';
import { poundsFromPence as penceToPounds } from '@redpen/shared/money';
import { TutorDirectoryCache } from './tutor-directory-cache.js';
import { availabilityInUtc, nextSlots } from './tutor-availability.js';
import { TutoringRepository } from './tutoring.repository.js';
import { TutorDirectoryReadModel, type TutorCardRow } from './tutor-directory.read-model.js';
import { bookingHorizonEnd } from './tutoring-rules.js';

/** Tutors read and written per step of the unpaged list. */
const WHOLE_LIST_BATCH = 500;

/**
 * Find Your Tutor (`GET /tutor/getTutorProfilesforTutoring`): bookable tutors only (approved for tutoring, DBS
 * verified, Available, not banned), filtered, searched
 * and sorted by PostgreSQL. A page (with `page` or `limit`): each card with its rating and the bookable slots of the
 * next 14 days (one query for the page's bookings), answers shared through TutorDirectoryCache. Without paging: the
 * plain cards, streamed (`wholeList`).
 */
@Injectable()
export class TutorDirectoryService {
  constructor(
    private readonly repository: TutoringRepository,
    private readonly directory: TutorDirectoryReadModel,
    private readonly storage: StorageService,
    private readonly clock: Clock,
    private readonly cache: TutorDirectoryCache,
  ) {}

  /**
   * The answer prepared for sending (TutorListDto serialized and gzipped), shared by everyone asking the same this
   * minute and made as of the minute's start. In a minute's last 10 seconds the next minute's answer is made in the
   * background, so the crowd on a popular page does not all wait for it when the minute turns.
   */
  async answer(query: TutorListQueryDto): Promise<PreparedJson> {
    const now = this.clock.now().getTime();
    const minute = Math.floor(now / 60_000);
    const answer = this.answerFor(query, minute);
    if (now - minute * 60_000 >= 50_000) void this.answerFor(query, minute + 1).catch(() => undefined);
    return answer;
  }

  private answerFor(query: TutorListQueryDto, minute: number): Promise<PreparedJson> {
    return this.cache.read({ ...query }, minute, async () => PreparedJson.of(await this.list(query, new Date(minute * 60_000))));
  }

  /**
   * The whole list without paging (`page` and `limit` absent): the plain cards (no `nextSlots`), written to the
   * response as JSON text a batch of tutors at a time (`{"tutors":[…],"total":n}`), so no answer the size of the
   * directory is ever held. Batches are pages of the same total order; a tutor a concurrent change moves between
   * two batches is written once.
   */
  wholeList(query: TutorListQueryDto): Readable {
    const now = this.clock.now();
    const filters = directoryFilters(query);
    const cards = async (rows: TutorCardRow[]) => Promise.all(rows.map((row) => this.plainCard(row, now)));
    const directory = this.directory;
    async function* text(): AsyncGenerator<string> {
      const seen = new Set<string>();
      yield '{"tutors":[';
      for (let page = 1; ; page++) {
        const { rows } = await directory.searchTutors({ ...filters, page, limit: WHOLE_LIST_BATCH });
        const fresh = rows.filter((row) => !seen.has(row.userId));
        for (const row of fresh) seen.add(row.userId);
        const written = (await cards(fresh)).map((card) => JSON.stringify(card)).join(',');
        if (written) yield `${seen.size > fresh.length ? ',' : ''}${written}`;
        if (rows.length < WHOLE_LIST_BATCH) break;
      }
      yield `],"total":${seen.size}}`;
    }
    return Readable.from(text(), { objectMode: false });
  }

  async list(query: TutorListQueryDto, now = this.clock.now()): Promise<TutorListDto> {
    const paged = query.page !== undefined || query.limit !== undefined;
    const page = paged ? (query.page ?? 1) : undefined;
    const limit = paged ? (query.limit ?? 20) : undefined;
    const { rows, total } = await this.directory.searchTutors({ ...directoryFilters(query), page, limit });
    const busy = await this.repository.busyRanges(
      rows.map((r) => r.userId),
      now,
      bookingHorizonEnd(now),
      now,
    );
    const tutors = await Promise.all(rows.map((row) => this.card(row, now, busy.get(row.userId) ?? [])));
    return { tutors, total, ...(paged ? { page, limit } : {}) };
  }

  /** A card with its bookable slots of the next 14 days (the paged answer). */
  private async card(row: TutorCardRow, now: Date, busy: { start: number; end: number }[]): Promise<TutorCardDto> {
    return { ...(await this.plainCard(row, now)), nextSlots: nextSlots(row.availability, row.timeZone, now, busy) };
  }

  /** The card without `nextSlots`: `availability` in UTC for the coming week, the tutor's wall clock beside it. */
  private async plainCard(row: TutorCardRow, now: Date): Promise<TutorCardDto> {
    return {
      _id: row.userId,
      fullName: row.fullName,
      subject: row.tutoringSubject,
      university: row.university,
      experience: row.yearsOfExperience,
      hourlyRate: penceToPounds(row.hourlyRatePence!),
      hourlyRatePence: row.hourlyRatePence!,
      studyLevel: row.studyLevel,
      description: row.tutoringDescription,
      profilePicture: row.profilePictureKey ? await this.storage.presignedDownloadUrl(row.profilePictureKey) : null,
      availability: availabilityInUtc(row.availability, row.timeZone, now),
      availabilityLocal: row.availability,
      timeZone: row.timeZone,
      averageRating: averageRating(row.ratingSum, row.ratingCount),
      totalRatings: row.ratingCount,
    };
  }
}

/** The query's search, level (`all`: any) and order, as the read model filters them (both the paged and the whole list). */
function directoryFilters(query: TutorListQueryDto) {
  return { search: query.search, studyLevel: query.studyLevel && query.studyLevel !== 'all' ? query.studyLevel : undefined, sort: query.sort };
}
